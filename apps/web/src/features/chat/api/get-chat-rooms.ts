import type { ChatRoomsAnswer } from '@parkly/shared/chat';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useRealtimeConnected } from '../../../lib/realtime';
import { chatKeys } from './chat-keys';

export const getChatRooms = (role: 'guest' | 'host' | 'all', cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (role !== 'all') query.set('role', role);
  if (cursor) query.set('cursor', cursor);
  const qs = query.toString();
  return apiFetch<ChatRoomsAnswer>(`chat-rooms${qs ? `?${qs}` : ''}`, { signal });
};

/** GET chat-rooms, newest activity first, page by page; refreshed by live events, polled as a fallback. */
export const chatRoomsQueryOptions = (role: 'guest' | 'host' | 'all', pollMs: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.rooms(role),
    queryFn: ({ pageParam, signal }) => getChatRooms(role, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: pollMs,
  });

export function useChatRooms(role: 'guest' | 'host' | 'all') {
  const live = useRealtimeConnected();
  return useInfiniteQuery(chatRoomsQueryOptions(role, live ? 120_000 : 30_000));
}
