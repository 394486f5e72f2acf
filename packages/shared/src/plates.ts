/**
 * A gate pass's plates (decision 046): a stay whose bookings name different vehicles shows each plate, in the order
 * they run, joined by this; one plate in the common case. Its own module, free of zod, for the pass's screens.
 */
export const PLATE_SEPARATOR = ' / ';
