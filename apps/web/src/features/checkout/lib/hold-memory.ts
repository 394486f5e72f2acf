import { session } from '../../../lib/storage';

/**
 * The unpaid hold this tab made on a listing, so that going back from payment and pressing
 * Continue again reuses it (or drops it first) instead of being refused by one's own hold.
 */
export interface RememberedHold {
  bookingId: string;
  start: string;
  end: string;
  vehicleId: string | null;
}

const key = (parkingId: string) => `parkly_hold:${parkingId}`;

export function recallHold(parkingId: string): RememberedHold | null {
  try {
    const raw = session.get(key(parkingId));
    return raw ? (JSON.parse(raw) as RememberedHold) : null;
  } catch {
    return null;
  }
}

export const rememberHold = (parkingId: string, hold: RememberedHold | null) => session.set(key(parkingId), hold ? JSON.stringify(hold) : '');
