import { MESSAGES } from '@parkly/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/dialog';
import { usePopup } from '../../components/ui/popup';
import { useDeleteAccount } from '../../features/accounts/api/delete-account';
import { useLogout } from '../../features/accounts/api/logout';
import { isUnauthenticatedMessage } from '../../lib/api-client';
import { OFFLINE_PASS_CACHE } from '../../lib/offline-pass';
import { clearLocal, getToken } from '../../lib/storage';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when a failure popup closes (the menu trigger). */
  returnFocus: () => void;
}

const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.');

/**
 * Push is let go of on the way out: the code is loaded only then, and a failure to load it (offline)
 * never stops the logout or the deletion.
 */
const pushRelease = () => import('../../features/push/release-push-subscription');
const releasePush = () =>
  pushRelease()
    .then((m) => m.releasePushSubscription())
    .catch(() => undefined);
const dropBrowserPush = () =>
  pushRelease()
    .then((m) => m.dropBrowserPushSubscription())
    .catch(() => undefined);

/**
 * Ends the session in this browser: leave the page first, so a protected page never sees the missing
 * token. The router commits a navigation in a transition, after navigate() has resolved, so storage
 * is cleared only once the new location has rendered (clearing it earlier re-renders the old,
 * protected page with no token, and its guard sends the person to /login instead).
 */
function useEndSession() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // the key of the location being left, while a session is ending
  const [leaving, setLeaving] = useState<string | null>(null);

  useEffect(() => {
    if (leaving === null || location.key === leaving) return;
    clearLocal();
    queryClient.clear();
    // the gate passes kept for offline use go with the session (lib/offline-pass.ts, public/sw.js)
    void globalThis.caches?.delete(OFFLINE_PASS_CACHE).catch(() => false);
  }, [leaving, location.key, queryClient]);

  return (to: string) => {
    setLeaving(location.key);
    void navigate(to, { replace: true });
  };
}

/** Logout (SPEC 2.3, 4, 5, 8). */
export function LogoutDialog({ open, onOpenChange, returnFocus }: DialogProps) {
  const logout = useLogout(releasePush);
  const popup = usePopup();
  const endSession = useEndSession();

  const confirm = () => {
    if (!getToken()) {
      onOpenChange(false);
      popup({ title: MESSAGES.unauthorised, message: 'Please log in to continue.', kind: 'error', onClose: () => setTimeout(returnFocus) });
      return;
    }
    logout.mutate(undefined, {
      onSuccess: () => {
        onOpenChange(false);
        endSession('/');
      },
      onError: (err) => {
        onOpenChange(false);
        // an expired session already runs the unauthenticated flow with its own popup
        if (!isUnauthenticatedMessage(err.message)) popup({ title: 'Error!', message: errorMessage(err), kind: 'error', onClose: () => setTimeout(returnFocus) });
      },
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !logout.isPending && onOpenChange(next)}
      title="Log Out"
      description="Are you sure you want to log out?"
      confirmLabel="Log Out"
      busy={logout.isPending}
      busyLabel="Please wait..."
      onConfirm={confirm}
    />
  );
}

/** Account deletion (SPEC 2.3, 4, 8). */
export function DeleteAccountDialog({ open, onOpenChange, returnFocus }: DialogProps) {
  const deleteAccount = useDeleteAccount();
  const popup = usePopup();
  const endSession = useEndSession();

  const confirm = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: (answer) => {
        void dropBrowserPush();
        onOpenChange(false);
        popup({ title: 'Account deleted', message: answer.message, kind: 'success' });
        endSession('/sign_up');
      },
      onError: (err) => {
        onOpenChange(false);
        if (!isUnauthenticatedMessage(err.message)) popup({ title: 'Error!', message: errorMessage(err), kind: 'error', onClose: () => setTimeout(returnFocus) });
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !deleteAccount.isPending && onOpenChange(next)}
      title="Delete Account"
      description="Are you sure you want to delete your account?"
      confirmLabel="Delete Account"
      busy={deleteAccount.isPending}
      busyLabel="Please wait..."
      danger
      onConfirm={confirm}
    />
  );
}
