import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while the server renders a page and while the browser takes that page over (hydration), true
 * from then on: browser-only pieces (Leaflet) are drawn only when it is true.
 */
export const useIsClient = () => useSyncExternalStore(subscribeNever, () => true, () => false);
