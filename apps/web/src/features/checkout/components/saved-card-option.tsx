import { CARD_BRAND_LABELS, expiryInFuture, type PaymentMethod } from '@parkly/shared/payment-methods';
import { CreditCard } from 'lucide-react';
import { optionClass } from '../../../components/payment/option-class';
import { formatExpiry } from '../lib/card-format';


/**
 * One saved card as a radio: brand, last four, expiry. An expired card cannot be picked, nor one saved
 * with another payment provider than the one the site uses now (`otherProvider`).
 */
export function SavedCardOption({ card, name, checked, otherProvider = false, onPick }: { card: PaymentMethod; name: string; checked: boolean; otherProvider?: boolean; onPick: () => void }) {
  const expired = !expiryInFuture(card.exp_month, card.exp_year);
  return (
    <label className={optionClass}>
      <input type="radio" name={name} value={card.id} checked={checked} disabled={expired || otherProvider} onChange={onPick} className="size-4 accent-brand-700" />
      <CreditCard aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
      <span className="min-w-0 text-sm">
        <span className="block font-semibold text-slate-900">
          {CARD_BRAND_LABELS[card.brand]} ending {card.last4}
        </span>
        <span className="block text-slate-600">
          {otherProvider ? (
            'Saved with another payment provider; not usable here'
          ) : (
            <>
              {expired ? 'Expired' : 'Expires'} {formatExpiry(card.exp_month, card.exp_year)}
              {card.is_default && ' · Default'}
            </>
          )}
        </span>
      </span>
    </label>
  );
}
