import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useMode, useToken } from '../../lib/use-session';
import { AccountControlsPlaceholder } from './account-controls-placeholder';
import { Logo } from './logo';
import { MobileMenuButton, MobileMenuPanel } from './mobile-menu';
import { NavLinkItem } from './nav-link-item';
import { LOGIN_LINK, navLinks, SIGN_UP_LINK } from './nav-links';

const AccountControls = lazy(() => import('./account-controls'));

/** The bar on every screen (SPEC 2.2): links inline on wide screens, behind a menu button on narrow ones. */
export function TopNav() {
  const token = useToken();
  const mode = useMode();
  const location = useLocation();
  const loggedIn = token !== null;
  const links = navLinks(loggedIn, mode);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // the panel belongs to the page it was opened on: any navigation closes it
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;

  const closeMenu = () => {
    setOpenOn(null);
    buttonRef.current?.focus();
  };

  return (
    <header onKeyDown={(e) => menuOpen && e.key === 'Escape' && closeMenu()} className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 min-[400px]:px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((item) => (
              <li key={item.to}>
                <NavLinkItem item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {loggedIn ? (
            <Suspense fallback={<AccountControlsPlaceholder />}>
              <AccountControls />
            </Suspense>
          ) : (
            <div className="visitor-only hidden items-center gap-2 lg:flex">
              <Link to={LOGIN_LINK.to} className={buttonClass('ghost')}>
                {LOGIN_LINK.label}
              </Link>
              <Link to={SIGN_UP_LINK.to} className={buttonClass('primary')}>
                {SIGN_UP_LINK.label}
              </Link>
            </div>
          )}
          <MobileMenuButton ref={buttonRef} open={menuOpen} controls={panelId} onToggle={() => setOpenOn(menuOpen ? null : location.key)} />
        </div>
      </div>
      {menuOpen && <MobileMenuPanel id={panelId} links={links} loggedIn={loggedIn} />}
    </header>
  );
}
