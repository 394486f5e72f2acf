/** Query keys of the checkout: the live quote of a window (a listing's full periods are `listingKeys.busy`). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  /** GET parkings/:id/quote?start&end, or ?start&plan=monthly (`end` is then 'monthly') */
  quote: (parkingId: string, start: string, end: string, promoCode?: string | null, twoWheeler = false) =>
    ['checkout', 'quote', parkingId, start, end, promoCode?.toUpperCase() ?? null, twoWheeler] as const,
  /** every quote of a listing (after a booking is made, its availability has changed) */
  quotesOf: (parkingId: string) => ['checkout', 'quote', parkingId] as const,
};
