import { useSyncExternalStore } from 'react';

/** Tailwind's lg breakpoint: from here the list and the map sit side by side. */
const DESKTOP = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** True on screens wide enough for the list and the map together. */
export const useIsDesktop = () => useSyncExternalStore(subscribe, () => window.matchMedia(DESKTOP).matches, () => true);
