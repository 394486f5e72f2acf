import { gateKeySchema, type GateKey } from '@parkly/shared/gate-pass';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { gateKeys } from './gate-keys';

/** Kept on the device: the gate screen checks QR codes with it when there is no network. */
const STORED = 'parkly_gate_key';

function storedKey(): GateKey | undefined {
  try {
    const parsed = gateKeySchema.safeParse(JSON.parse(window.localStorage.getItem(STORED) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** GET gate-pass-key: the public key gate passes are signed with (public, cacheable). */
export const getGateKey = async (signal?: AbortSignal) => {
  const key = (await apiFetch<{ result: GateKey }>('gate-pass-key', { signal })).result;
  try {
    window.localStorage.setItem(STORED, JSON.stringify(key));
  } catch {
    // a full or blocked storage: the key still works for this visit
  }
  return key;
};

export const gateKeyQueryOptions = () =>
  queryOptions({ queryKey: gateKeys.key, queryFn: ({ signal }) => getGateKey(signal), initialData: storedKey, staleTime: 3600_000, initialDataUpdatedAt: 0 });

export const useGateKey = () => useQuery(gateKeyQueryOptions());
