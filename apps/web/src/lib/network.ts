import { MESSAGES } from '@parkly/shared/constants';
import { session } from './storage';

const WARNED_KEY = 'slow_connection_warned';
const SLOW = new Set(['slow-2g', '2g', '3g']);

interface NetworkInformationLike {
  effectiveType?: string;
}

/** True on a 2g or 3g connection, as the Network Information API reports it (Chromium only). */
export function isSlowConnection(nav: Navigator = navigator): boolean {
  const type = (nav as Navigator & { connection?: NetworkInformationLike }).connection?.effectiveType;
  return type !== undefined && SLOW.has(type);
}

/** SPEC 8: on a 2g or 3g connection, warn once per browser session. */
export function warnIfSlowConnection(nav: Navigator = navigator, alert: (message: string) => void = (m) => window.alert(m)) {
  if (!isSlowConnection(nav) || session.get(WARNED_KEY) === '1') return;
  session.set(WARNED_KEY, '1');
  alert(MESSAGES.slowConnection);
}
