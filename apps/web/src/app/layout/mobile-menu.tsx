import { Menu, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { NavLinkItem } from './nav-link-item';
import { LOGIN_LINK, SIGN_UP_LINK, type NavItem } from './nav-links';

/** The hamburger button of phone and tablet widths; it shows and hides the panel below the bar. */
export function MobileMenuButton({ open, controls, onToggle, ref }: { open: boolean; controls: string; onToggle: () => void; ref: RefObject<HTMLButtonElement | null> }) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Menu"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 lg:hidden"
    >
      {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
    </button>
  );
}

/** The collapsed navigation: every link of the bar, and Login / Sign Up for a visitor. */
export function MobileMenuPanel({ id, links, loggedIn }: { id: string; links: NavItem[]; loggedIn: boolean }) {
  return (
    <div id={id} className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg lg:hidden">
      <nav aria-label="Main">
        <ul className="space-y-1">
          {links.map((item) => (
            <li key={item.to}>
              <NavLinkItem item={item} stacked />
            </li>
          ))}
        </ul>
      </nav>
      {!loggedIn && (
        <div className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4">
          <Link to={LOGIN_LINK.to} className={buttonClass('secondary')}>
            {LOGIN_LINK.label}
          </Link>
          <Link to={SIGN_UP_LINK.to} className={buttonClass('primary')}>
            {SIGN_UP_LINK.label}
          </Link>
        </div>
      )}
    </div>
  );
}
