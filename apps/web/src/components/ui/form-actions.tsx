import { Button } from './button';

/**
 * A form's Save (showing 'Saving…' while busy) and, when it can be left, Cancel: side by side, Save first
 * on a phone. Its own file, not form-field.tsx, which the login and sign-up pages load on a first visit.
 */
export function FormActions({ submitLabel, busy, onCancel }: { submitLabel: string; busy: boolean; onCancel?: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </div>
  );
}
