import type { PublicListing } from '@parkly/shared/listings';
import { lazy, Suspense, useState } from 'react';
import { DocumentTitle } from '../../../components/ui/page';
import type { FavoritePreview } from '../../favorites/api/favorites-cache';
import { FavoriteButton } from '../../../components/parking/favorite-button';
import { ListingGallery } from './listing-gallery';
import { ListingDetails } from './listing-details';
import { ListingHeader } from './listing-header';
import { MobileBookBar } from './mobile-book-bar';
import { PriceCard } from './price-card';

// the full-screen viewer (Radix dialog) loads when a photo is first pressed, or pointed at, not with the page
const loadLightbox = () => import('./photo-lightbox');
const PhotoLightbox = lazy(loadLightbox);

/** What the favorites list shows for this listing the moment the heart is pressed. */
function toFavoritePreview(l: PublicListing): FavoritePreview {
  const cover = l.photos[0];
  return {
    id: l.id,
    title: l.title,
    parking_type: l.parking_type,
    status: l.status,
    available: l.available,
    locality: l.locality,
    city: l.city,
    lat: l.lat,
    lng: l.lng,
    hourly_rate: l.hourly_rate,
    daily_rate: l.daily_rate,
    weekly_rate: l.weekly_rate,
    monthly_rate: l.monthly_rate,
    currency: l.currency,
    cover_url: cover?.url ?? null,
    cover_thumb_url: cover?.thumb_url ?? null,
    rating: l.rating,
    instant_book: l.instant_book,
  };
}

/**
 * The public page of a bookable space. Phone: one column with the price and Book button pinned to
 * the bottom. Desktop: details on the left, the price card following the reader on the right.
 */
export function ListingView({ listing }: { listing: PublicListing }) {
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  const [viewerWanted, setViewerWanted] = useState(false);
  const openPhoto = (index: number) => {
    setViewerWanted(true);
    setPhotoIndex(index);
  };
  const favorite = <FavoriteButton listing={toFavoritePreview(listing)} />;

  return (
    <>
      <DocumentTitle title={listing.title} />
      <article className="mx-auto w-full max-w-6xl px-4 pt-4 pb-32 sm:px-6 sm:pt-8 lg:pb-16">
        <div className="flex flex-col gap-5 sm:gap-6">
          <div className="order-2 sm:order-1">
            <ListingHeader listing={listing} favorite={favorite} />
          </div>
          <div className="order-1 sm:order-2">
            <ListingGallery photos={listing.photos} title={listing.title} onOpen={openPhoto} onIntent={() => void loadLightbox()} />
          </div>
        </div>

        <div className="mt-8 grid gap-x-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 [&>section:first-of-type]:border-t-0 [&>section:first-of-type]:pt-0">
            <div className="mb-8 lg:hidden">
              <PriceCard listing={listing} />
            </div>
            <ListingDetails listing={listing} />
          </div>
          <aside aria-label="Book" className="hidden lg:block">
            <div className="sticky top-24">
              <PriceCard listing={listing} />
            </div>
          </aside>
        </div>
      </article>
      <MobileBookBar listing={listing} />
      {viewerWanted && (
        <Suspense fallback={null}>
          <PhotoLightbox photos={listing.photos} title={listing.title} index={photoIndex} onIndexChange={setPhotoIndex} />
        </Suspense>
      )}
    </>
  );
}
