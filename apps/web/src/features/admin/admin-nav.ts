import { BadgeCheck, CalendarCheck, FileText, HeartPulse, Inbox, LayoutDashboard, TicketPercent, ScrollText, SquareParking, Users, Wallet, type LucideIcon } from 'lucide-react';

export interface AdminNavEntry {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** the dashboard's waiting count shown beside the entry */
  waiting?: 'id_checks' | 'listing_reports' | 'payout_requests' | 'support_messages';
}

/** The console's own navigation, in the order an admin works through a day. */
export const ADMIN_NAV: AdminNavEntry[] = [
  { to: '/admin', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/admin/verification', label: 'ID checks', Icon: BadgeCheck, waiting: 'id_checks' },
  { to: '/admin/listings', label: 'Listings', Icon: SquareParking, waiting: 'listing_reports' },
  { to: '/admin/users', label: 'Users', Icon: Users },
  { to: '/admin/bookings', label: 'Bookings', Icon: CalendarCheck },
  { to: '/admin/payouts', label: 'Payouts', Icon: Wallet, waiting: 'payout_requests' },
  { to: '/admin/promo-codes', label: 'Promo codes', Icon: TicketPercent },
  { to: '/admin/support', label: 'Support', Icon: Inbox, waiting: 'support_messages' },
  { to: '/admin/content', label: 'Content', Icon: FileText },
  { to: '/admin/operations', label: 'Operations', Icon: HeartPulse },
  { to: '/admin/audit', label: 'Audit log', Icon: ScrollText },
];

