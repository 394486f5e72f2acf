/**
 * /gate (decision 034): the guard's screen, for a host or a gate account the host made. Scan a pass's QR code
 * (checked on this device against Parkly's public key, so it works with no network), or type its code or the
 * plate; see who, which vehicle, which space and when, in large type; check in or out. With no network the
 * action is kept and sent when it is back.
 */
import { passCodeSchema, type GateLookupItem, type PassClaims } from '@parkly/shared/gate-pass';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Search, Users } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useOutletContext } from 'react-router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { checkPass, type GateAction } from './api/check-pass';
import { useGateKey } from './api/get-gate-key';
import { useLookUpPasses } from './api/look-up-passes';
import { PassCard, type PassView } from './components/pass-card';
import { QrScanner } from './components/qr-scanner';
import { isNetworkError, useGateQueue } from './gate-queue';
import { useOnline } from './use-online';
import { importGateKey, verifyPass, type PassCheck } from './verify-pass';

type Found = { kind: 'scan'; check: PassCheck } | { kind: 'typed'; q: string } | null;
type Notice = { kind: 'done' | 'queued' | 'error'; text: string } | null;

const claimsView = (c: PassClaims): PassView => ({
  code: c.c,
  guest_name: c.n,
  plate: c.p,
  listing_title: c.l,
  unit_label: c.u,
  valid_from: c.f,
  valid_to: c.t,
  time_zone: c.z,
});

const SCAN_PROBLEMS = {
  not_a_pass: 'That QR code is not a Parkly pass.',
  bad_signature: 'This pass is not genuine: its signature does not match. Do not let the vehicle in on it; type the code to look the booking up.',
  other_host: 'This pass is for another host’s space, not yours.',
} as const;

export interface GateContext {
  hostId: string;
  name: string;
  gateAccount: boolean;
}

/** /gate: the desk, inside the gate's frame (gate-frame.tsx). */
export default function GatePage() {
  const { hostId, name, gateAccount } = useOutletContext<GateContext>();
  const online = useOnline();
  return (
    <>
      <DocumentTitle title="Gate" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Check a pass</h1>
          <p className="mt-1 text-slate-600">Signed in as {name}. Scan the driver’s QR code, or type their pass code or number plate.</p>
        </div>
        {!gateAccount && (
          <Link to="/gate/accounts" className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:underline">
            <Users aria-hidden="true" className="size-4" /> Gate accounts
          </Link>
        )}
      </div>
      <GateDesk hostId={hostId} online={online} />
    </>
  );
}

function GateDesk({ hostId, online }: { hostId: string; online: boolean }) {
  const gateKey = useGateKey();
  const jwk = gateKey.data;
  const cryptoKey = useQuery({ queryKey: ['gate', 'crypto-key', jwk?.jwk.x], queryFn: () => importGateKey(jwk!), enabled: Boolean(jwk), staleTime: Infinity });
  const [found, setFound] = useState<Found>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const queue = useGateQueue();
  const queryClient = useQueryClient();

  const onRead = useCallback(
    async (text: string) => {
      setNotice(null);
      if (!cryptoKey.data) {
        setNotice({ kind: 'error', text: 'The key that checks passes has not loaded yet. Connect once to the network, or type the code.' });
        return;
      }
      setFound({ kind: 'scan', check: await verifyPass(text, cryptoKey.data, { hostId }) });
    },
    [cryptoKey.data, hostId],
  );

  const act = async (action: GateAction, pass: Pick<PassView, 'code' | 'guest_name' | 'plate'>) => {
    const label = `${pass.guest_name}${pass.plate ? ` · ${pass.plate}` : ''}`;
    const at = new Date().toISOString();
    const what = action === 'check-in' ? 'check-in' : 'check-out';
    const keep = () => {
      queue.add({ action, code: pass.code, at, label });
      setNotice({ kind: 'queued', text: `No network: the ${what} of ${label} is saved on this device and will be sent when the network is back.` });
    };
    setNotice(null);
    if (!navigator.onLine) return keep();
    setBusy(true);
    try {
      const r = await checkPass(action, pass.code);
      const time = action === 'check-in' ? r.checked_in_at : r.checked_out_at;
      setNotice({ kind: 'done', text: `${action === 'check-in' ? 'Checked in' : 'Checked out'} ${r.guest_name}${r.plate ? ` · ${r.plate}` : ''} at ${time?.slice(11, 16)}.` });
      await queryClient.invalidateQueries({ queryKey: ['gate', 'lookup'] });
    } catch (err) {
      if (isNetworkError(err)) keep();
      else setNotice({ kind: 'error', text: err instanceof Error ? err.message : 'That did not work. Try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div className="space-y-6">
        <section aria-labelledby="scan-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="scan-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Scan the QR code
          </h2>
          <QrScanner onRead={(t) => void onRead(t)} />
          {gateKey.isError && !jwk && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              The key that checks passes could not be loaded. Connect to the network once; after that scanning works offline.
            </p>
          )}
        </section>
        <TypeCode
          onFind={(q) => {
            setNotice(null);
            setFound({ kind: 'typed', q });
          }}
        />
        <GateQueueList waiting={queue.waiting} sent={queue.sent} />
      </div>
      <div className="space-y-4" aria-live="polite">
        {notice && (
          <p
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={`rounded-2xl border p-4 text-base font-medium ${
              notice.kind === 'done' ? 'border-emerald-200 bg-emerald-50 text-emerald-950' : notice.kind === 'queued' ? 'border-amber-200 bg-amber-50 text-amber-950' : 'border-red-200 bg-red-50 text-red-950'
            }`}
          >
            {notice.text}
          </p>
        )}
        {found?.kind === 'scan' &&
          (found.check.ok ? (
            <PassCard pass={claimsView(found.check.claims)} window={found.check.window} verified busy={busy} onAction={(a) => found.check.ok && void act(a, claimsView(found.check.claims))} />
          ) : (
            <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-base font-medium text-red-950">
              {SCAN_PROBLEMS[found.check.reason]}
            </p>
          ))}
        {found?.kind === 'typed' && <TypedResults q={found.q} online={online} busy={busy} onAction={(a, p) => void act(a, p)} />}
        {!found && !notice && (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">The pass you scan or look up shows here.</p>
        )}
      </div>
    </div>
  );
}

function TypeCode({ onFind }: { onFind: (q: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    if (q.length < 2) return setError('Type a pass code or a number plate');
    setError(null);
    onFind(q);
  };
  return (
    <section aria-labelledby="type-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="type-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Or type it
      </h2>
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextField
          name="q"
          label="Pass code or number plate"
          hint="Six letters and digits, such as K7M 4QX, or a plate such as KA 01 AB 1234"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          error={error ?? undefined}
        />
        <Button type="submit" className="w-full">
          <Search aria-hidden="true" className="size-4" /> Find the pass
        </Button>
      </form>
    </section>
  );
}

const lookupView = (i: GateLookupItem): PassView => i;

function TypedResults({ q, online, busy, onAction }: { q: string; online: boolean; busy: boolean; onAction: (a: GateAction, p: PassView) => void }) {
  const lookup = useLookUpPasses(online ? q : null);
  const code = passCodeSchema.safeParse(q);
  if (!online) {
    if (!code.success) return <p className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">No network: a plate cannot be looked up now. Type the pass code instead.</p>;
    const offlinePass: PassView = { code: code.data, guest_name: `Pass ${code.data}`, plate: null, listing_title: 'Not checked: no network', unit_label: '–', valid_from: '', valid_to: '', time_zone: 'UTC' };
    return (
      <div className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950">
        <p>
          No network: the pass <span className="font-mono font-semibold">{code.data}</span> cannot be looked up now. Scanning its QR code checks it offline. You can still record the
          check-in or check-out; it is sent, and checked, when the network is back.
        </p>
        <div className="grid grid-cols-2 gap-3">
          <Button disabled={busy} onClick={() => onAction('check-in', offlinePass)}>
            Check in {code.data}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onAction('check-out', offlinePass)}>
            Check out {code.data}
          </Button>
        </div>
      </div>
    );
  }
  if (lookup.isPending) return <Spinner label="Looking up the pass" />;
  if (lookup.isError)
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-950">
        {lookup.error.message}
      </p>
    );
  if (lookup.data.length === 0)
    return (
      <p role="status" className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-800">
        No pass for “{q}” at your spaces today. Check the code or the plate with the driver.
      </p>
    );
  return (
    <>
      {lookup.data.map((item) => (
        <PassCard key={item.booking_id} pass={lookupView(item)} busy={busy} onAction={(a) => onAction(a, item)} />
      ))}
    </>
  );
}

function GateQueueList({ waiting, sent }: { waiting: ReturnType<typeof useGateQueue>['waiting']; sent: ReturnType<typeof useGateQueue>['sent'] }) {
  if (!waiting.length && !sent.length) return null;
  return (
    <section aria-labelledby="queue-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="queue-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Taken offline
      </h2>
      <ul className="space-y-2 text-sm">
        {waiting.map((w) => (
          <li key={w.id} className="flex items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
            <span>
              {w.action === 'check-in' ? 'Check-in' : 'Check-out'} · {w.label}
            </span>
            <span className="font-semibold">Waiting for the network</span>
          </li>
        ))}
        {sent.map((s) => (
          <li key={s.id} className={`rounded-lg px-3 py-2 ${s.outcome === 'done' ? 'bg-emerald-50 text-emerald-950' : 'bg-red-50 text-red-950'}`}>
            <span className="font-semibold">{s.outcome === 'done' ? 'Sent: ' : 'Refused: '}</span>
            {s.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
