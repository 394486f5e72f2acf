import { Heart } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useToken } from '../../lib/use-session';
import { ParkingCard } from '../../components/parking/parking-card';
import { useFavorites } from './api/get-favorites';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Favorites" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Favorites</h1>
      {children}
    </div>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-rose-50 text-rose-600">
        <Heart className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 max-w-md text-slate-600">{children}</div>
    </div>
  );
}

/** /Favorater: the spaces the person saved with the heart, newest first; a visitor is asked to log in. */
export default function FavoritesPage() {
  const token = useToken();
  const location = useLocation();
  const favorites = useFavorites();

  if (!token) {
    return (
      <Shell>
        <Notice title="Log in to see your favorites">
          <p>Save spaces with the heart and find them here on any device.</p>
          <p className="mt-5 flex flex-wrap justify-center gap-3">
            <Link to="/login" state={{ from: location.pathname }} className={buttonClass('primary', 'min-h-11 px-6')}>
              Login
            </Link>
            <Link to="/sign_up" className={buttonClass('secondary', 'min-h-11 px-6')}>
              Sign Up
            </Link>
          </p>
        </Notice>
      </Shell>
    );
  }

  if (favorites.isPending) {
    return (
      <Shell>
        <div className="mt-10 flex justify-center" role="status" aria-label="Loading favorites">
          <Spinner />
        </div>
      </Shell>
    );
  }

  if (favorites.isError) {
    return (
      <Shell>
        <Notice title="Your favorites did not load">
          <p>{favorites.error.message}</p>
          <button type="button" onClick={() => void favorites.refetch()} className={buttonClass('primary', 'mt-5 min-h-11 px-6')}>
            Try again
          </button>
        </Notice>
      </Shell>
    );
  }

  const list = favorites.data;
  return (
    <Shell>
      {list.length === 0 ? (
        <Notice title="No favorites yet">
          <p>Tap the heart on any space to keep it here for next time.</p>
          <Link to="/parking" className={buttonClass('primary', 'mt-5 min-h-11 px-6')}>
            Find parking
          </Link>
        </Notice>
      ) : (
        <>
          <p className="mt-2 text-slate-600">{list.length === 1 ? '1 saved space' : `${list.length} saved spaces`}</p>
          <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
            {list.map((f) => (
              <li key={f.id}>
                <ParkingCard listing={f} headingLevel={2} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Shell>
  );
}
