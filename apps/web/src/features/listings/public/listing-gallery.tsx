import type { ListingPhoto } from '@parkly/shared/listings';
import { Images } from 'lucide-react';

interface GalleryProps {
  photos: ListingPhoto[];
  title: string;
  onOpen: (index: number) => void;
  /** a pointer or the keyboard is on a photo: the viewer can start loading */
  onIntent?: () => void;
}

export const photoAlt = (title: string, index: number, total: number) => `${title}: photo ${index + 1} of ${total}`;

/** Desktop tiles beside the cover, by how many photos there are (the cover takes the left half). */
function tileClass(count: number, index: number) {
  if (count === 2) return 'col-span-2 row-span-2';
  if (count === 3) return 'col-span-2';
  if (count === 4) return index === 1 ? 'col-span-2' : '';
  return '';
}

/**
 * The cover large with up to four photos beside it (a strip under it on a phone). Every photo opens
 * the full-screen viewer at that photo.
 */
export function ListingGallery({ photos, title, onOpen, onIntent }: GalleryProps) {
  const total = photos.length;
  if (total === 0) {
    return (
      <div className="flex aspect-[16/9] items-center justify-center rounded-2xl bg-slate-100 text-slate-500 sm:aspect-[21/9]">
        <Images aria-hidden="true" className="mr-2 size-5" /> No photos yet
      </div>
    );
  }
  const [cover, ...rest] = photos as [ListingPhoto, ...ListingPhoto[]];
  const tiles = rest.slice(0, 4);
  const tileButton = 'group relative block size-full overflow-hidden bg-slate-100 focus-visible:outline-offset-[-3px]';
  const img = 'size-full object-cover transition duration-300 group-hover:scale-[1.02] group-hover:brightness-95';

  return (
    <div onPointerOver={onIntent} onFocus={onIntent} onTouchStart={onIntent}>
      <div className={`relative grid gap-2 overflow-hidden rounded-2xl sm:h-[min(28rem,56vw)] ${total > 1 ? 'sm:grid-cols-4 sm:grid-rows-2' : ''}`}>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => onOpen(0)}
          className={`${tileButton} aspect-[4/3] sm:aspect-auto ${total > 1 ? 'sm:col-span-2 sm:row-span-2' : ''}`}
        >
          <img
            src={cover.url}
            srcSet={`${cover.thumb_url} 480w, ${cover.url} 1600w`}
            // the tile crops a landscape photo to a taller shape, so it needs more width than it shows
            sizes="(min-width: 640px) 50rem, 100vw"
            width={cover.width}
            height={cover.height}
            alt={photoAlt(title, 0, total)}
            fetchPriority="high"
            className={img}
          />
        </button>
        {tiles.map((p, i) => (
          <button
            key={p.id}
            type="button"
            aria-haspopup="dialog"
            onClick={() => onOpen(i + 1)}
            className={`${tileButton} hidden sm:block ${tileClass(total, i + 1)}`}
          >
            <img src={p.thumb_url} width={p.width} height={p.height} alt={photoAlt(title, i + 1, total)} loading="lazy" className={img} />
          </button>
        ))}
        {total > 1 && (
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => onOpen(0)}
            className="absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white/95 px-3 py-1.5 text-sm font-semibold text-slate-900 shadow-sm hover:bg-white"
          >
            <Images aria-hidden="true" className="size-4" />
            Show all {total} photos
          </button>
        )}
      </div>

      {total > 1 && (
        <ul aria-label="More photos" className="mt-2 flex gap-2 overflow-x-auto pb-1 sm:hidden">
          {rest.map((p, i) => (
            <li key={p.id} className="shrink-0">
              <button type="button" aria-haspopup="dialog" onClick={() => onOpen(i + 1)} className="block h-16 w-24 overflow-hidden rounded-lg bg-slate-100">
                <img src={p.thumb_url} width={p.width} height={p.height} alt={photoAlt(title, i + 1, total)} loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
