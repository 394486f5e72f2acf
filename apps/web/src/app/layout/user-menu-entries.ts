import { CalendarCheck, Heart, KeyRound, LifeBuoy, MessageCircle, ScanLine, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import type { Mode } from './mode-highlight';

export interface MenuEntry {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** a count shown beside the label: the user's unread chat messages */
  count?: 'unread-messages';
}

const PROFILE: MenuEntry = { to: '/profile', label: 'Profile', Icon: UserRound };
const CHAT: MenuEntry = { to: '/chatroom', label: 'Chat', Icon: MessageCircle, count: 'unread-messages' };
const HELP: MenuEntry = { to: '/helper', label: 'Help & Support', Icon: LifeBuoy };

const GUEST_ENTRIES: MenuEntry[] = [
  PROFILE,
  { to: '/welcomehost', label: 'Become a Host', Icon: KeyRound },
  { to: '/ownerbooking', label: 'My Bookings', Icon: CalendarCheck },
  CHAT,
  { to: '/Favorater', label: 'Favorite', Icon: Heart },
  HELP,
];
// the spec's host entries, then the gate screen (decision 034): check drivers in and out, and the guards' logins
const HOST_ENTRIES: MenuEntry[] = [PROFILE, CHAT, HELP, { to: '/gate', label: 'Gate', Icon: ScanLine }];

/** Only for administrators, after the spec's entries: the way into /admin. */
const ADMIN: MenuEntry = { to: '/admin', label: 'Admin console', Icon: ShieldCheck };

/** SPEC 2.2: the user menu's entries for the stored mode (and the console for an administrator). */
export const menuEntries = (mode: Mode, admin = false) => {
  const entries = mode === 'host' ? HOST_ENTRIES : GUEST_ENTRIES;
  return admin ? [...entries, ADMIN] : entries;
};
