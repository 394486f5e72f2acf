/** Query keys of the checkout: the live quote of a window and a listing's full periods. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** GET parkings/:id/quote?start&end */
  quote: (parkingId: string, start: string, end: string) => ['checkout', 'quote', parkingId, start, end] as const,
  /** every quote of a listing (after a booking is made, its availability has changed) */
  quotesOf: (parkingId: string) => ['checkout', 'quote', parkingId] as const,
  /** GET parkings/:id/busy?days */
  busy: (parkingId: string, days: number) => ['checkout', 'busy', parkingId, days] as const,
  busyOf: (parkingId: string) => ['checkout', 'busy', parkingId] as const,
};
