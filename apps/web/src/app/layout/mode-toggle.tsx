import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { profileQueryOptions } from '../../features/accounts/api/get-profile';
import { getToken, setMode } from '../../lib/storage';
import { highlightedMode } from './mode-highlight';

/**
 * The Guest / Host switch in the user menu (SPEC 2.2). The highlight follows the current path; Host
 * mode needs a host profile, otherwise the person is invited to become one.
 */
export function ModeToggle() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const highlighted = highlightedMode(pathname);

  const toGuest = () => {
    setMode('guest');
    void navigate('/');
  };

  const toHost = async () => {
    let isHost = false;
    try {
      const profile = await queryClient.fetchQuery(profileQueryOptions(getToken()));
      isHost = profile.host_user === 1;
    } catch (err) {
      console.error('Profile could not be loaded', err);
    }
    if (!isHost) return void navigate('/welcomehost');
    setMode('host');
    void navigate('/hosthomes');
  };

  return (
    <div role="group" aria-label="Mode" className="mx-3 my-2 grid grid-cols-2 gap-1 rounded-full bg-slate-100 p-1">
      <ToggleButton pressed={highlighted === 'guest'} onSelect={toGuest}>
        Guest
      </ToggleButton>
      <ToggleButton pressed={highlighted === 'host'} onSelect={() => void toHost()}>
        Host
      </ToggleButton>
    </div>
  );
}

/** Reachable with the arrow keys like the menu's items, but a toggle button (aria-pressed). */
function ToggleButton({ pressed, onSelect, children }: { pressed: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild onSelect={onSelect}>
      <button
        type="button"
        role="button"
        aria-pressed={pressed}
        className={`rounded-full px-3 py-1.5 text-sm font-semibold outline-none transition-colors data-[highlighted]:ring-2 data-[highlighted]:ring-brand-600 ${
          pressed ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-white'
        }`}
      >
        {children}
      </button>
    </DropdownMenu.Item>
  );
}
