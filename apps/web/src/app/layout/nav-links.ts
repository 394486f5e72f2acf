import type { Mode } from './mode-highlight';

export interface NavItem {
  to: string;
  label: string;
  /** Active only on this exact path (not on the paths under it). */
  end?: boolean;
}

const GUEST_LINKS: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/parking', label: 'Parkings' },
];
const HOST_LINKS: NavItem[] = [
  { to: '/hosthomes', label: 'Home', end: true },
  { to: '/my-listing', label: 'My Listing' },
  { to: '/earning', label: 'Earning' },
];
const ALWAYS_LINKS: NavItem[] = [
  { to: '/aboutus', label: 'About Us' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/contact', label: 'Contact Us' },
];

/** Logged-out visitors get Login and Sign Up; a token holder gets the user menu instead. */
export const LOGIN_LINK: NavItem = { to: '/login', label: 'Login' };
export const SIGN_UP_LINK: NavItem = { to: '/sign_up', label: 'Sign Up' };

/** SPEC 2.2: the mode's links (guest also when logged out), then the links shown to everyone. */
export function navLinks(loggedIn: boolean, mode: Mode): NavItem[] {
  return [...(loggedIn && mode === 'host' ? HOST_LINKS : GUEST_LINKS), ...ALWAYS_LINKS];
}
