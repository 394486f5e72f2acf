import { lazy, Suspense } from 'react';
import type { SheetProps } from './sheet-dialog';

// Radix's dialog (14 KB gzipped with its focus trap and scroll lock) loads when a sheet first opens, not
// with the results page
const SheetDialog = lazy(() => import('./sheet-dialog'));

/** A modal panel with a title, a close button, a scrolling body and a footer; nothing while closed. */
export function Sheet(props: SheetProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <SheetDialog {...props} />
    </Suspense>
  );
}
