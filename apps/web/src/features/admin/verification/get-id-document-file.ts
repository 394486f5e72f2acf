import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetchFile } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

/**
 * GET admin/verification/:id/document: the file itself, fetched with the admin's token (the endpoint
 * has no public address, so an <img src> could not reach it). Not kept once the screen is left, and
 * outside the area's keys so a decision does not download it again.
 */
export const getIdDocumentFile = (id: string, signal?: AbortSignal) => apiFetchFile(`admin/verification/${encodeURIComponent(id)}/document`, { signal });

export const idDocumentFileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.area('verification-file', id),
    queryFn: ({ signal }) => getIdDocumentFile(id, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** The document as an object URL for <img>/<iframe>, revoked when the screen lets go of it. */
export function useIdDocumentFile(id: string) {
  const file = useQuery(idDocumentFileQueryOptions(id));
  const blob = file.data?.blob;
  const [url, setUrl] = useState<string | null>(null);
  // an object URL holds the bytes until revoked: made for this blob, let go of with it
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return { ...file, url, type: blob?.type ?? null };
}
