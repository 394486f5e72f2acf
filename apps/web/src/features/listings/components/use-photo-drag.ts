import { useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

interface DragState {
  id: string;
  order: string[];
}

const moved = (order: string[], id: string, to: number) => {
  const next = order.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
};

/** The dragged order, minus photos deleted meanwhile and plus photos uploaded meanwhile (at the end). */
const merged = (order: string[], ids: string[]) => [...order.filter((id) => ids.includes(id)), ...ids.filter((id) => !order.includes(id))];

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Reordering photos with a pointer (mouse, pen or finger): the grabbed photo takes the place of
 * whichever photo is under the pointer, live, and the new order is committed on release (Escape
 * puts it back). A pinned photo (the cover, always shown first) neither moves nor is passed. The listeners sit on the window rather than using pointer capture: React moves
 * the grabbed tile in the DOM as the order changes, and a moved element loses its capture.
 */
export function usePhotoDrag(ids: string[], onCommit: (order: string[], movedId: string) => void, pinnedId: string | null = null) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  const idsRef = useRef(ids);
  useLayoutEffect(() => {
    idsRef.current = ids;
  });

  const update = (next: DragState | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const start = (id: string, e: ReactPointerEvent) => {
    if (e.button !== 0 || dragRef.current || id === pinnedId || ids.length < (pinnedId ? 3 : 2)) return;
    e.preventDefault();
    update({ id, order: ids });

    const onMove = (ev: PointerEvent) => {
      const current = dragRef.current;
      if (!current) return;
      const over = document.elementFromPoint(ev.clientX, ev.clientY)?.closest<HTMLElement>('[data-photo-id]')?.dataset.photoId;
      if (!over || over === current.id || over === pinnedId) return;
      const to = current.order.indexOf(over);
      if (to >= 0) update({ id: current.id, order: moved(current.order, current.id, to) });
    };
    const finish = (commit: boolean) => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey);
      const current = dragRef.current;
      update(null);
      if (!commit || !current) return;
      const order = merged(current.order, idsRef.current);
      if (!sameOrder(order, idsRef.current)) onCommit(order, current.id);
    };
    const onUp = () => finish(true);
    const onCancel = () => finish(false);
    const onKey = (ev: KeyboardEvent) => ev.key === 'Escape' && finish(false);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey);
  };

  return { order: drag ? merged(drag.order, ids) : ids, draggingId: drag?.id ?? null, start };
}

/** The order after moving one photo a step earlier (-1) or later (+1); nothing passes the pinned first photo. */
export function stepped(ids: string[], id: string, step: -1 | 1, pinnedId: string | null = null) {
  const from = ids.indexOf(id);
  const to = from + step;
  const first = pinnedId && ids[0] === pinnedId ? 1 : 0;
  return from < first || to < first || to >= ids.length ? ids : moved(ids, id, to);
}
