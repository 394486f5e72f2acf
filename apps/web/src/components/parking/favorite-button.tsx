import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePopup } from '../ui/popup';
import { ApiError } from '../../lib/api-client';
import { useToken } from '../../lib/use-session';
import type { FavoritePreview } from '../../features/favorites/api/favorites-cache';
import { favoritesQueryOptions, useIsFavorite } from '../../features/favorites/api/get-favorites';

/** The writes (optimistic save and forget): a signed-in person's page loads them, a visitor's never needs them. */
const loadWrites = () => import('../../features/favorites/api/write-favorite');

const SIZES = {
  md: 'size-11 [&_svg]:size-5',
  sm: 'size-9 [&_svg]:size-[1.125rem]',
};

interface FavoriteButtonProps {
  /** The listing as the screen shows it: the favorites list shows it at once, before the server answers. */
  listing: FavoritePreview;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * The heart on listing pages and cards. Logged out, it leads to /login and back here; logged in, it
 * toggles at once and goes back if the server refuses.
 */
export function FavoriteButton({ listing, size = 'md', className = '' }: FavoriteButtonProps) {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const popup = usePopup();
  const queryClient = useQueryClient();
  const isFavorite = useIsFavorite(listing.id);
  useEffect(() => {
    if (token) void loadWrites().catch(() => {}); // fetched again on the tap if this failed
  }, [token]);

  const pressed = token !== null && isFavorite.data === true;
  const label = pressed ? 'Remove from favorites' : 'Save to favorites';
  const failed = (err: Error) => {
    // an ended session has its own popup and sends the person home: do not talk over it
    if (err instanceof ApiError && err.code === 'UNAUTHENTICATED') return;
    popup({ title: 'Favorites were not updated', message: err.message, kind: 'error' });
  };

  const toggle = async () => {
    if (!token) {
      navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    let saved = pressed;
    if (isFavorite.data === undefined) {
      // a tap before the list has arrived: find out first, so the tap still counts and goes the right way
      try {
        saved = (await queryClient.ensureQueryData(favoritesQueryOptions(token))).some((f) => f.id === listing.id);
      } catch (err) {
        failed(err as Error);
        return;
      }
    }
    try {
      const { writeFavorite } = await loadWrites();
      await writeFavorite(queryClient, token, listing, !saved);
    } catch (err) {
      failed(err as Error);
    }
  };

  return (
    <button
      type="button"
      onClick={(e) => {
        // on a card the heart sits inside a link: saving must not open the listing
        e.preventDefault();
        e.stopPropagation();
        void toggle();
      }}
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      aria-busy={token !== null && isFavorite.isPending ? true : undefined}
      className={`inline-flex shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-700 shadow-sm transition hover:border-rose-200 hover:bg-rose-50 hover:text-rose-600 active:scale-95 aria-pressed:border-rose-200 ${SIZES[size]} ${className}`}
    >
      <Heart aria-hidden="true" className={pressed ? 'fill-rose-600 text-rose-600' : ''} />
    </button>
  );
}
