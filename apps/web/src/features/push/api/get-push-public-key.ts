import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET push/public-key: the server's VAPID public key (base64url). */
export const getPushPublicKey = () => apiFetch<{ result: { public_key: string } }>('push/public-key').then((r) => r.result.public_key);

export const pushPublicKeyQueryOptions = queryOptions({ queryKey: ['push', 'public-key'], queryFn: getPushPublicKey, staleTime: Infinity });
