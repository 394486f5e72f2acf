import { MESSAGES } from '@parkly/shared/constants';
import { useEffect } from 'react';
import { usePopup, type PopupOptions } from '../components/ui/popup';
import { setUnauthenticatedHandler } from '../lib/api-client';
import { clearLocal, getToken } from '../lib/storage';

const LEAVE_AFTER_MS = 2500;

/** Module state: several requests failing together still run the flow once; the reload starts afresh. */
let started = false;

function leaveOnce() {
  let left = false;
  return () => {
    if (left) return;
    left = true;
    window.location.assign('/');
  };
}

/**
 * SPEC 4: an answer 'Unauthenticated User' or 'Unauthenticated' clears local storage, shows the popup
 * and, when it closes (or after a moment), loads / afresh.
 */
export function runUnauthenticatedFlow(popup: (p: PopupOptions) => void) {
  // a request that was already in flight when the user logged out must not start it
  if (started || !getToken()) return;
  started = true;
  clearLocal();
  const leave = leaveOnce();
  popup({ title: MESSAGES.unauthenticated, message: 'Your session has ended. Please log in again.', kind: 'error', onClose: leave });
  setTimeout(leave, LEAVE_AFTER_MS);
}

/** Registers the flow with the API client for as long as the shell is mounted. */
export function useUnauthenticatedFlow() {
  const popup = usePopup();
  useEffect(() => {
    setUnauthenticatedHandler(() => runUnauthenticatedFlow(popup));
  }, [popup]);
}
