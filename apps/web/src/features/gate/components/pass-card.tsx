import { formatPeriod, formatTime, zoneAbbreviation } from '@parkly/shared/time';
import { CarFront, CircleCheck, Clock, LogIn, LogOut, MapPin, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { GateAction } from '../api/check-pass';
import { Plates } from '../../../components/booking/plates';

/** What the guard needs to see of a pass, in large type: who, which vehicle, where, when. */
export interface PassView {
  code: string;
  guest_name: string;
  plate: string | null;
  listing_title: string;
  unit_label: string;
  valid_from: string;
  valid_to: string;
  time_zone: string;
  /** null: the server says not checked in yet (so no check-out); absent: not known (a pass scanned offline) */
  checked_in_at?: string | null;
  checked_out_at?: string | null;
}

const WINDOW_TEXT = {
  open: { text: 'Valid now', className: 'bg-emerald-100 text-emerald-900' },
  early: { text: 'Too early: check-in opens 15 minutes before the start', className: 'bg-amber-100 text-amber-950' },
  ended: { text: 'This pass has ended', className: 'bg-red-100 text-red-900' },
} as const;

export function PassCard({
  pass,
  window,
  verified,
  busy,
  onAction,
}: {
  pass: PassView;
  window?: keyof typeof WINDOW_TEXT;
  /** checked on this device against Parkly's key (a scanned QR code) */
  verified?: boolean;
  busy: boolean;
  onAction: (action: GateAction) => void;
}) {
  const zone = pass.time_zone;
  const state = window ? WINDOW_TEXT[window] : null;
  const headingId = `pass-${pass.code}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border-2 border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        {verified && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-900">
            <ShieldCheck aria-hidden="true" className="size-3.5" /> Genuine Parkly pass
          </span>
        )}
        {state && <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${state.className}`}>{state.text}</span>}
        <span className="ml-auto font-mono text-sm font-semibold tracking-widest text-slate-600">{pass.code}</span>
      </div>
      <h2 id={headingId} className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {pass.guest_name}
      </h2>
      <dl className="mt-4 space-y-3 text-slate-900">
        <Line icon={<CarFront className="size-6" />} label="Vehicle">
          <span className="font-mono text-2xl font-bold tracking-wide">{pass.plate ? <Plates plate={pass.plate} /> : 'No plate given'}</span>
        </Line>
        <Line icon={<Clock className="size-6" />} label="Valid">
          <span className="text-lg">
            {formatPeriod(pass.valid_from, pass.valid_to, zone)} {zoneAbbreviation(zone, new Date(pass.valid_from))}
          </span>
        </Line>
        <Line icon={<MapPin className="size-6" />} label="Space">
          <span className="text-lg">
            {pass.listing_title} · {pass.unit_label}
          </span>
        </Line>
        {pass.checked_in_at && (
          <Line icon={<CircleCheck className="size-6" />} label="At the gate">
            <span className="text-lg">
              In at {formatTime(pass.checked_in_at, zone)}
              {pass.checked_out_at ? `, out at ${formatTime(pass.checked_out_at, zone)}` : ''}
            </span>
          </Line>
        )}
      </dl>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button className="min-h-14 text-base" disabled={busy || Boolean(pass.checked_in_at)} onClick={() => onAction('check-in')}>
          <LogIn aria-hidden="true" className="size-5" /> Check in
        </Button>
        <Button variant="secondary" className="min-h-14 text-base" disabled={busy || pass.checked_in_at === null || Boolean(pass.checked_out_at)} onClick={() => onAction('check-out')}>
          <LogOut aria-hidden="true" className="size-5" /> Check out
        </Button>
      </div>
    </article>
  );
}

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs font-medium tracking-wide text-slate-600 uppercase">
        <span aria-hidden="true" className="text-brand-700 [&>svg]:size-5">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-7">{children}</dd>
    </div>
  );
}
