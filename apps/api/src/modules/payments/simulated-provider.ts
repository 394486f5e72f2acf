/**
 * The simulated provider (DESIGN section 5): no network, no card number kept. The outcome of a card
 * is decided by its number, as with Stripe's test cards, and carried in its reference:
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 is declined
 * for insufficient funds, 4000 0000 0000 0069 has expired, and 4000 0000 0000 0119 makes the
 * provider fail (as a timeout would). Every other valid number succeeds. The ledger of what was
 * charged, authorised, captured, refunded and released is the payments table.
 */
import { randomBytes } from 'node:crypto';
import { cardBrand, digitsOnly } from '@parkly/shared/payment-methods';
import { ProviderUnavailableError, type CardDetails, type ChargeRequest, type ChargeResult, type DeclineCode, type PaymentProvider } from './provider';

type Outcome = 'ok' | DeclineCode | 'error';

const OUTCOMES: Record<string, Outcome> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'error',
};

const newRef = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
const outcomeOf = (ref: string): Outcome => (/^sim_card_([a-z_]+)_[0-9a-f]+$/.exec(ref)?.[1] as Outcome | undefined) ?? 'ok';

export function simulatedProvider(): PaymentProvider {
  return {
    name: 'simulated',
    async tokenize(card: CardDetails) {
      const number = digitsOnly(card.number);
      const outcome = OUTCOMES[number] ?? 'ok';
      if (outcome === 'error') throw new ProviderUnavailableError();
      // as with Stripe, a card the bank refuses outright cannot be saved; one short of funds can, and fails when charged
      if (outcome !== 'ok' && outcome !== 'insufficient_funds') return { ok: false as const, code: outcome };
      return { ref: newRef(`sim_card_${outcome}`), brand: cardBrand(number), last4: number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year };
    },
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const outcome = outcomeOf(req.card);
      if (outcome === 'error') throw new ProviderUnavailableError();
      if (outcome !== 'ok') return { ok: false, code: outcome };
      return { ok: true, ref: newRef(req.capture ? 'sim_ch' : 'sim_auth') };
    },
    async capture() {},
    async refund() {},
    async release() {},
  };
}
