import { CalendarCheck, Heart, KeyRound, LifeBuoy, MessageCircle, UserRound, type LucideIcon } from 'lucide-react';
import type { Mode } from './mode-highlight';

export interface MenuEntry {
  to: string;
  label: string;
  Icon: LucideIcon;
}

const PROFILE: MenuEntry = { to: '/profile', label: 'Profile', Icon: UserRound };
const CHAT: MenuEntry = { to: '/chatroom', label: 'Chat', Icon: MessageCircle };
const HELP: MenuEntry = { to: '/helper', label: 'Help & Support', Icon: LifeBuoy };

const GUEST_ENTRIES: MenuEntry[] = [
  PROFILE,
  { to: '/welcomehost', label: 'Become a Host', Icon: KeyRound },
  { to: '/ownerbooking', label: 'My Bookings', Icon: CalendarCheck },
  CHAT,
  { to: '/Favorater', label: 'Favorite', Icon: Heart },
  HELP,
];
const HOST_ENTRIES: MenuEntry[] = [PROFILE, CHAT, HELP];

/** SPEC 2.2: the user menu's entries for the stored mode. */
export const menuEntries = (mode: Mode) => (mode === 'host' ? HOST_ENTRIES : GUEST_ENTRIES);
