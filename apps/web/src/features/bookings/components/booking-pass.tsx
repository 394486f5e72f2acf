/**
 * The driver's gate pass (decision 034): the QR code a guard's screen scans and checks offline, the code in
 * large type for a guard to type, the plate and when it is valid. Loaded with its QR library only on the
 * booking page, for a confirmed booking (never in a first-load bundle).
 */
import type { GatePass } from '@parkly/shared/gate-pass';
import { formatPeriod, formatTime, zoneAbbreviation } from '@parkly/shared/time';
import encodeQR from 'qr';
import { CarFront, CircleCheck, Clock, WifiOff } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Plates } from '../../../components/booking/plates';
import { keepPassOffline } from '../../../lib/offline-pass';

/** The QR code as one SVG path: a dark square per set module, with the quiet zone around it. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { path, size } = useMemo(() => {
    // the rows come with the four-module quiet zone scanners need
    const cells = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
    const d: string[] = [];
    cells.forEach((row, y) => row.forEach((on, x) => on && d.push(`M${x} ${y}h1v1h-1z`)));
    return { path: d.join(''), size: cells.length };
  }, [text]);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} className="aspect-square w-full max-w-64 rounded-xl bg-white" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

/** '4 2 7 M Q X' is read aloud as six characters: the code is spaced in the middle for the eye only. */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

export function BookingPass({ pass, offline = false }: { pass: GatePass; offline?: boolean }) {
  const zone = pass.time_zone;
  // once shown, the pass and its page are kept for the gate, which may have no signal
  useEffect(() => {
    if (!offline) void keepPassOffline(pass, [import.meta.url]);
  }, [pass, offline]);
  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
      <div className="w-full max-w-64 rounded-2xl border border-slate-200 p-3">
        <QrCode text={pass.qr_payload} label={`QR code of the gate pass ${pass.code}`} />
      </div>
      <div className="w-full min-w-0 flex-1 space-y-3 text-center sm:text-left">
        <div>
          <p className="text-sm text-slate-600">Pass code</p>
          <p className="font-mono text-4xl font-bold tracking-[0.2em] text-slate-900 sm:text-5xl" aria-label={`Pass code ${pass.code.split('').join(' ')}`}>
            {spaced(pass.code)}
          </p>
        </div>
        <p className="flex items-center justify-center gap-2 text-lg font-semibold text-slate-900 sm:justify-start">
          <CarFront aria-hidden="true" className="size-5 text-brand-700" />
          <span>{pass.plate ? <Plates plate={pass.plate} /> : 'No vehicle chosen'}</span>
        </p>
        <p className="flex items-start justify-center gap-2 text-slate-800 sm:justify-start">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            Valid {formatPeriod(pass.valid_from, pass.valid_to, zone)} {zoneAbbreviation(zone, new Date(pass.valid_from))}
            <span className="block text-sm text-slate-600">
              {pass.listing_title} · {pass.unit_label} · you can arrive 15 minutes early
            </span>
          </span>
        </p>
        {pass.checked_in_at && (
          <p className="flex items-center justify-center gap-2 text-sm font-medium text-emerald-800 sm:justify-start">
            <CircleCheck aria-hidden="true" className="size-4" />
            Checked in at {formatTime(pass.checked_in_at, zone)}
            {pass.checked_out_at ? `, out at ${formatTime(pass.checked_out_at, zone)}` : ''}
          </p>
        )}
        {offline ? (
          <p className="flex items-center justify-center gap-2 text-sm text-slate-700 sm:justify-start">
            <WifiOff aria-hidden="true" className="size-4" /> You are offline: this is the pass saved on this device.
          </p>
        ) : (
          <p className="text-sm text-slate-600">Show the QR code at the entrance, or read out the code. It also opens on this device with no signal.</p>
        )}
      </div>
    </div>
  );
}
