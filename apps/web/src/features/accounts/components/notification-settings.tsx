import { PUSH_KINDS, type PushKind } from '@parkly/shared/push';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { usePushPreferences } from '../../push/api/get-push-preferences';
import { useUpdatePushPreferences } from '../../push/api/update-push-preferences';
import { Card } from './card';

const KINDS: Record<PushKind, { label: string; text: string }> = {
  messages: { label: 'Messages', text: 'New chat messages from drivers and hosts' },
  bookings: { label: 'Booking updates', text: 'Confirmations, requests, cancellations and reminders' },
  reviews: { label: 'Reviews', text: 'New reviews of your spaces, and replies to your reviews' },
  payouts: { label: 'Payouts', text: 'When a payout is requested, paid or not made' },
};

/** One switch per kind of push (PATCH push/preferences). The notification list always gets everything. */
export function NotificationSettings() {
  const prefs = usePushPreferences();
  const update = useUpdatePushPreferences();
  const [error, setError] = useState<string | null>(null);

  const toggle = (kind: PushKind, on: boolean) => {
    setError(null);
    update.mutate({ [kind]: on }, { onError: (err) => setError(err.message) });
  };

  return (
    <Card title="Notifications" id="notifications-heading">
      <p className="mb-4 text-sm text-slate-600">Choose what your devices alert you about. Everything still appears under the bell.</p>
      {prefs.data ? (
        <ul className="space-y-3">
          {PUSH_KINDS.map((kind) => (
            <li key={kind}>
              <Switch
                className="rounded-xl border border-slate-200 p-4"
                label={KINDS[kind].label}
                description={KINDS[kind].text}
                checked={prefs.data[kind]}
                onChange={(e) => toggle(kind, e.target.checked)}
              />
            </li>
          ))}
        </ul>
      ) : prefs.isError ? (
        <div role="alert" className="text-center">
          <p className="text-sm text-slate-800">We could not load your notification settings.</p>
          <Button variant="secondary" className="mt-3" onClick={() => void prefs.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Spinner label="Loading notification settings" />
      )}
      {error && (
        <div className="mt-3">
          <FormAlert message={error} />
        </div>
      )}
    </Card>
  );
}
