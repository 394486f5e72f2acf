import { ChevronDown, TicketPercent } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';

interface Props {
  /** the code applied (the quote shows its discount), or null */
  applied: string | null;
  /** asks the server's quote with the code: resolves when it applies, throws its 400/409 otherwise */
  check: (code: string) => Promise<unknown>;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** the server refused the applied code when booking (used up meanwhile, …) */
  error?: string | null;
}

/** The server's word on a code, on the field (promo_code) or as a whole. */
export const promoError = (err: unknown) =>
  err instanceof ApiError ? (err.errors?.promo_code ?? err.message) : 'The code could not be checked. Please try again.';

/**
 * "Add a promo code" on the review step (decision 036): a disclosure with the code's field; Apply asks the
 * server's quote with it (the discount shows in the price), its refusal shows on the field.
 */
export function PromoCodeField({ applied, check, onApply, onRemove, error }: Props) {
  const panelId = useId();
  const [open, setOpen] = useState(Boolean(applied || error));
  const [typed, setTyped] = useState(applied ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const shown = fieldError ?? error ?? undefined;

  async function apply(e: FormEvent) {
    e.preventDefault();
    const code = typed.trim();
    if (!code) return setFieldError('Enter the promo code.');
    setChecking(true);
    setFieldError(null);
    try {
      await check(code);
      onApply(code);
    } catch (err) {
      setFieldError(promoError(err));
    } finally {
      setChecking(false);
    }
  }

  if (applied && !error) {
    return (
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 text-emerald-800">
          <TicketPercent aria-hidden="true" className="size-4" /> Promo code <span className="font-mono font-semibold">{applied.toUpperCase()}</span> applied
        </span>
        <button
          type="button"
          onClick={() => {
            setTyped('');
            onRemove();
          }}
          className="min-h-11 font-medium text-brand-700 underline underline-offset-2"
        >
          Remove
        </button>
      </p>
    );
  }

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <TicketPercent aria-hidden="true" className="size-4" /> Add a promo code
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <form id={panelId} noValidate onSubmit={(e) => void apply(e)} className="mt-2 flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <TextField
              label="Promo code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                setFieldError(null);
              }}
              error={shown}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={checking} className="mt-7 min-h-11 shrink-0">
            {checking ? 'Checking…' : 'Apply'}
          </Button>
        </form>
      )}
    </div>
  );
}
