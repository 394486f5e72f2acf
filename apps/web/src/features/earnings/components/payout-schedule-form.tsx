import { PAYOUT_SCHEDULE_LABELS, PAYOUT_SCHEDULES, type PayoutFrequency, type PayoutSchedule } from '@parkly/shared/earnings';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSavePayoutSchedule } from '../api/save-payout-schedule';

const HINTS: Record<PayoutFrequency, string> = {
  manual: 'Ask for a payout here whenever you like.',
  weekly: 'Everything available is sent every Monday.',
  monthly: 'Everything available is sent on the 1st of each month.',
};

/** 'YYYY-MM-DD' -> 'Mon, 7 Dec' (a calendar day: no clock involved). */
function dayLabel(date: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export const scheduleSummary = (s: PayoutSchedule) =>
  s.frequency === 'manual' ? 'You ask for each payout.' : `${PAYOUT_SCHEDULE_LABELS[s.frequency]}${s.next_run_on ? `: next on ${dayLabel(s.next_run_on)}` : ''}.`;

/** Manual, weekly (Mondays) or monthly (the 1st): chosen, then saved with the button. */
export function PayoutScheduleForm({ schedule, onSaved }: { schedule: PayoutSchedule; onSaved: (text: string) => void }) {
  const save = useSavePayoutSchedule();
  const [choice, setChoice] = useState<PayoutFrequency>(schedule.frequency);
  const [error, setError] = useState<string | null>(null);
  const changed = choice !== schedule.frequency;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { frequency: choice },
      {
        onSuccess: (s) => onSaved(`Payout schedule saved. ${scheduleSummary(s)}`),
        onError: (err) => setError(err instanceof ApiError ? err.message : 'The schedule could not be saved. Please try again.'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Pay me automatically</legend>
        <p className="mt-1 text-sm text-slate-600" data-testid="payout-schedule">
          {scheduleSummary(schedule)}
        </p>
        <div className="mt-3 grid gap-2">
          {PAYOUT_SCHEDULES.map((value) => (
            <label
              key={value}
              className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${choice === value ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'}`}
            >
              <input
                type="radio"
                name="payout-frequency"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
              />
              <span>
                <span className="block font-medium text-slate-900">{PAYOUT_SCHEDULE_LABELS[value]}</span>
                <span className="block text-slate-600">{HINTS[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={!changed || save.isPending}>
        {save.isPending ? 'Saving...' : 'Save schedule'}
      </Button>
    </form>
  );
}
