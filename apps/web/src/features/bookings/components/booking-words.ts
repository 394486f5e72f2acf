import type { Booking } from '@parkly/shared/bookings';
import type { CardBrand } from '@parkly/shared/payment-methods';
import { CARD_BRAND_LABELS } from '@parkly/shared/payment-methods';
import { extendEventText, gateEventText } from '../../../lib/booking-words';
import { passEventText } from '../../../lib/pass-words';
export { vehicleText } from '../../../lib/booking-words';

/** Plain words for the parts of a booking that the screens of this feature share. */

export const listingTitle = (b: Pick<Booking, 'listing'>) => b.listing.title ?? 'Parking space';
export const listingPlace = (b: Pick<Booking, 'listing'>) => [b.listing.locality, b.listing.city].filter(Boolean).join(', ');

export const cardBrandLabel = (brand: string) => CARD_BRAND_LABELS[brand as CardBrand] ?? brand;
export const cardText = (card: { brand: string; last4: string }) => `${cardBrandLabel(card.brand)} •••• ${card.last4}`;


type Actor = Booking['events'][number]['by'];
const byWhom = (by: Actor, viewer: Booking['viewer_role']): string =>
  by === viewer ? 'you' : by === 'guest' ? 'the driver' : by === 'host' ? 'the host' : by === 'admin' ? 'Parkly support' : 'Parkly';

/** One line of a booking's history, as its guest or host reads it. */
export function eventText(e: Booking['events'][number], viewer: Booking['viewer_role']): string {
  switch (e.event) {
    case 'create':
      return 'Booked: the space was held while payment was made';
    case 'pay_instant':
      return 'Paid and confirmed';
    case 'pay_request':
      return 'Paid: the request was sent to the host';
    case 'accept':
      return 'Accepted by the host';
    case 'decline':
      return 'Declined by the host';
    case 'cancel':
      return `Cancelled by ${byWhom(e.by, viewer)}`;
    case 'too_many_declines':
      return 'Released: the card was declined too many times';
    case 'capture_failed':
      return 'Cancelled: the card could not be charged when the host accepted';
    case 'expire':
      return e.from === 'requested' ? 'Expired: the host did not answer in time' : 'Expired: payment was not finished in time';
    case 'complete':
      return 'Completed';
    case 'check_in':
    case 'check_out':
      return gateEventText(e, viewer === 'host' ? 'host' : 'guest');
    case 'extend':
      return extendEventText(e, viewer === 'guest' ? 'guest' : 'host');
    case 'renew':
    case 'renewal_failed':
    case 'renewal_action_required':
    case 'give_notice':
    case 'renewal_lapsed':
      return passEventText({ event: e.event, by: e.by }, viewer);
  }
}
