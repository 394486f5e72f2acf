import type { ListingPhoto } from '@parkly/shared/listings';
import { ArrowLeft, ArrowRight, GripVertical, Star, Trash2, type LucideIcon } from 'lucide-react';
import type { PointerEvent, Ref } from 'react';

export type PhotoAction = 'earlier' | 'later' | 'cover' | 'delete';

interface PhotoTileProps {
  photo: ListingPhoto;
  index: number;
  total: number;
  /** false for the cover (always first) and when there is nothing to reorder it with */
  movable: boolean;
  /** the earliest place a photo can take (just after the cover) */
  firstMovable: boolean;
  dragging: boolean;
  onAction: (action: PhotoAction) => void;
  onGrab: (e: PointerEvent) => void;
  /** the tile's buttons, so focus can follow a photo that moved */
  buttonRef: (action: PhotoAction) => Ref<HTMLButtonElement>;
}

function TileButton({ label, icon: Icon, danger, ref, ...props }: { label: string; icon: LucideIcon; danger?: boolean; disabled?: boolean; onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      title={label}
      aria-label={label}
      className={`flex size-9 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed disabled:opacity-35 ${
        danger ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-slate-100'
      }`}
      {...props}
    >
      <Icon aria-hidden="true" className="size-[18px]" />
    </button>
  );
}

/** One photo: the picture with its cover badge, a drag handle, and buttons to move it, make it the cover or delete it. */
export function PhotoTile({ photo, index, total, movable, firstMovable, dragging, onAction, onGrab, buttonRef }: PhotoTileProps) {
  const n = index + 1;
  const name = `Photo ${n} of ${total}${photo.is_cover ? ', cover' : ''}`;
  return (
    <li data-photo-id={photo.id} className={`rounded-xl bg-white shadow-sm ring-1 transition-shadow ${dragging ? 'z-10 opacity-60 shadow-lg ring-2 ring-brand-600' : 'ring-slate-200'}`}>
      <div role="group" aria-label={name}>
        <div className="relative aspect-[4/3] overflow-hidden rounded-t-xl bg-slate-100">
          <img
            src={photo.thumb_url}
            alt={name}
            draggable={false}
            // a mouse may grab the whole picture; a finger uses the handle, so the page still scrolls
            onPointerDown={(e) => movable && e.pointerType === 'mouse' && onGrab(e)}
            className={`size-full object-cover select-none ${movable ? 'cursor-grab active:cursor-grabbing' : ''}`}
          />
          {photo.is_cover && (
            <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-brand-800 shadow-sm">
              <Star aria-hidden="true" className="size-3.5 fill-current" /> Cover
            </span>
          )}
          {movable && (
            <span
              aria-hidden="true"
              onPointerDown={onGrab}
              style={{ touchAction: 'none' }}
              className="absolute top-1.5 right-1.5 flex size-9 cursor-grab items-center justify-center rounded-lg bg-white/90 text-slate-700 shadow-sm active:cursor-grabbing"
            >
              <GripVertical className="size-5" />
            </span>
          )}
        </div>
        <div className="flex items-center justify-between px-0.5 py-1 sm:px-1">
          {photo.is_cover ? (
            <p className="px-2 text-xs font-medium text-slate-600">Shown first</p>
          ) : (
            <div className="flex">
              <TileButton ref={buttonRef('earlier')} label="Move earlier" icon={ArrowLeft} disabled={!movable || firstMovable} onClick={() => onAction('earlier')} />
              <TileButton ref={buttonRef('later')} label="Move later" icon={ArrowRight} disabled={!movable || index === total - 1} onClick={() => onAction('later')} />
            </div>
          )}
          <div className="flex">
            {!photo.is_cover && <TileButton ref={buttonRef('cover')} label="Make cover" icon={Star} onClick={() => onAction('cover')} />}
            <TileButton ref={buttonRef('delete')} label="Delete photo" icon={Trash2} danger onClick={() => onAction('delete')} />
          </div>
        </div>
      </div>
    </li>
  );
}
