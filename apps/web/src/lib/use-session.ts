import { useSyncExternalStore } from 'react';
import { getMode, getToken, subscribeStorage } from './storage';

/** The stored token (or null), kept in step with storage. */
export const useToken = () => useSyncExternalStore(subscribeStorage, getToken, () => null);
/** The current mode from host_user in local storage. */
export const useMode = () => useSyncExternalStore(subscribeStorage, getMode, () => 'guest' as const);
