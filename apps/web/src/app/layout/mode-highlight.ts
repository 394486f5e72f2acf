import { matchPath } from 'react-router';

export type Mode = 'guest' | 'host';

/** SPEC 2.2: where each side of the Guest / Host toggle is highlighted (paths are case-sensitive). */
const GUEST_PATHS = ['/', '/parking', '/parking/:id', '/parking/booking', '/Paymentstripe', '/ownerbooking', '/Favorater'];
const HOST_PATHS = ['/hosthomes', '/my-listing', '/earning', '/booking_details', '/Manage_parking', '/add_parking'];

const matches = (patterns: string[], pathname: string) => patterns.some((path) => matchPath({ path, caseSensitive: true, end: true }, pathname) !== null);

/** The side of the toggle to highlight on this path, or null where neither is. */
export function highlightedMode(pathname: string): Mode | null {
  if (matches(GUEST_PATHS, pathname)) return 'guest';
  if (matches(HOST_PATHS, pathname)) return 'host';
  return null;
}
