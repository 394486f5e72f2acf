import { Suspense, type ReactNode } from 'react';

/**
 * Its children, drawn as they are, but taken over by the browser (hydrated) after the rest of a page the
 * server drew, in slices that let the browser breathe: React leaves a Suspense boundary the server finished
 * for later and hydrates it at a low priority that yields every few milliseconds, instead of in the page's
 * one long task. A click inside it before then hydrates it first and is then replayed. It adds no element
 * (only comment markers in the server's HTML), so look and layout are the same; on a page drawn in the
 * browser it changes nothing. Keep what someone needs first (the Book button, the heart) outside it.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
