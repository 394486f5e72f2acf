import { storedPosition } from './stored-position';

/** Where a search starts when the person has not said: their stored position, else central Bengaluru. */
export const BENGALURU = { name: 'Bengaluru', lat: 12.9716, lng: 77.5946 } as const;

export function defaultPlace(): { name: string; lat: number; lng: number; near: boolean } {
  const p = storedPosition();
  return p ? { name: 'Near me', lat: p.latitude, lng: p.longitude, near: true } : { ...BENGALURU, near: false };
}
