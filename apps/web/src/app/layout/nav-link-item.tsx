import { NavLink } from 'react-router';
import type { NavItem } from './nav-links';

const INLINE = 'rounded-lg px-3 py-2 text-sm font-medium transition-colors';
const STACKED = 'block rounded-lg px-3 py-3 text-base font-medium transition-colors';

/** A top-navigation link; the current page is marked (aria-current="page") and shown in brand colour. */
export function NavLinkItem({ item, stacked = false }: { item: NavItem; stacked?: boolean }) {
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        `${stacked ? STACKED : INLINE} ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
      }
    >
      {item.label}
    </NavLink>
  );
}
