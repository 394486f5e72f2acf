import * as RadixDialog from '@radix-ui/react-dialog';
import type { ListingPhoto } from '@parkly/shared/listings';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { photoAlt } from './listing-gallery';

interface LightboxProps {
  photos: ListingPhoto[];
  title: string;
  /** the photo shown, or null when closed */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** A swipe shorter than this (px) is a tap, not a change of photo. */
const SWIPE_MIN_PX = 50;

/**
 * The photos full screen (loaded when first opened: see listing-view.tsx): arrow keys, the buttons, the thumbnails or a swipe move between them
 * (wrapping round at the ends); Escape or the close button leave. Radix keeps focus inside and the
 * page from scrolling behind it.
 */
export default function PhotoLightbox({ photos, title, index, onIndexChange }: LightboxProps) {
  const total = photos.length;
  const open = index !== null && total > 0;
  const current = open ? Math.min(index, total - 1) : 0;
  const photo = photos[current];
  const go = (step: number) => onIndexChange((current + step + total) % total);

  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const [dragX, setDragX] = useState(0);

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowRight: () => go(1),
      ArrowLeft: () => go(-1),
      Home: () => onIndexChange(0),
      End: () => onIndexChange(total - 1),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
    }
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    swipe.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent) => {
    const s = swipe.current;
    if (s && s.id === e.pointerId) setDragX(e.clientX - s.x);
  };
  const endSwipe = (e: PointerEvent) => {
    const s = swipe.current;
    swipe.current = null;
    setDragX(0);
    if (!s || s.id !== e.pointerId || total < 2) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  const neighbours = total > 1 ? [photos[(current + 1) % total], photos[(current - 1 + total) % total]] : [];
  const navButton =
    'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg hover:bg-white focus-visible:outline-white';

  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => !o && onIndexChange(null)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
        <RadixDialog.Content onKeyDown={onKeyDown} className="fixed inset-0 z-50 flex flex-col text-white outline-none">
          <div className="flex items-center gap-3 px-4 py-3 sm:px-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="truncate text-sm font-semibold sm:text-base">{title}</RadixDialog.Title>
              <p aria-live="polite" className="text-sm text-slate-300">
                Photo {current + 1} of {total}
              </p>
            </div>
            <RadixDialog.Description className="sr-only">Use the left and right arrow keys, the buttons or a swipe to move between photos.</RadixDialog.Description>
            <RadixDialog.Close
              aria-label="Close photos"
              className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-white"
            >
              <X aria-hidden="true" className="size-6" />
            </RadixDialog.Close>
          </div>

          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-20"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endSwipe}
            onPointerCancel={endSwipe}
          >
            {photo && (
              <img
                key={photo.id}
                src={photo.url}
                width={photo.width}
                height={photo.height}
                alt={photoAlt(title, current, total)}
                draggable={false}
                style={{ transform: dragX ? `translateX(${dragX}px)` : undefined }}
                className="max-h-full max-w-full rounded-lg object-contain"
              />
            )}
            {total > 1 && (
              <>
                <button type="button" aria-label="Previous photo" onClick={() => go(-1)} className={`${navButton} left-3 sm:left-6`}>
                  <ChevronLeft aria-hidden="true" className="size-6" />
                </button>
                <button type="button" aria-label="Next photo" onClick={() => go(1)} className={`${navButton} right-3 sm:right-6`}>
                  <ChevronRight aria-hidden="true" className="size-6" />
                </button>
              </>
            )}
            {/* the photos either side load now, so the next swipe shows at once */}
            {neighbours.map((p) => p && <img key={`pre-${p.id}`} src={p.url} alt="" hidden />)}
          </div>

          {total > 1 && (
            <ul aria-label="All photos" className="flex justify-start gap-2 overflow-x-auto px-4 py-3 sm:justify-center">
              {photos.map((p, i) => (
                <li key={p.id} className="shrink-0">
                  <button
                    type="button"
                    aria-label={`Show photo ${i + 1} of ${total}`}
                    aria-current={i === current ? 'true' : undefined}
                    onClick={() => onIndexChange(i)}
                    className={`block h-12 w-16 overflow-hidden rounded-md ring-2 transition focus-visible:outline-white sm:h-14 sm:w-20 ${i === current ? 'opacity-100 ring-white' : 'opacity-60 ring-transparent hover:opacity-100'}`}
                  >
                    <img src={p.thumb_url} alt="" loading="lazy" className="size-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
