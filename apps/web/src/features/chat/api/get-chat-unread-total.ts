import type { ChatRoomsAnswer } from '@parkly/shared/chat';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useRealtimeConnected, useRealtimeEvent } from '../../../lib/realtime';
import { chatKeys } from './chat-keys';

/** The user's unread messages over all their rooms: the `unread_total` of GET chat-rooms (one room asked for). */
export const getChatUnreadTotal = (signal?: AbortSignal) => apiFetch<ChatRoomsAnswer>('chat-rooms?limit=1', { signal }).then((r) => r.unread_total);

/**
 * Kept under the room lists' key, so whatever refreshes the lists (a message, a read receipt) refreshes
 * it too. While the socket is up the `unread` event carries the new count and nothing polls; while it is
 * down it is asked for every minute, like the bell.
 */
export const chatUnreadTotalQueryOptions = (token: string | null, pollMs: number | false) =>
  queryOptions({
    queryKey: chatKeys.unreadTotal(token),
    queryFn: ({ signal }) => getChatUnreadTotal(signal),
    enabled: token !== null,
    refetchInterval: pollMs,
  });

/** The unread count for the Chat menu entry; 0 until known. */
export function useChatUnreadTotal(token: string | null) {
  const live = useRealtimeConnected();
  const queryClient = useQueryClient();
  useRealtimeEvent('unread', (data) => {
    if (typeof data.messages === 'number') queryClient.setQueryData(chatKeys.unreadTotal(token), data.messages);
  });
  return useQuery(chatUnreadTotalQueryOptions(token, live ? false : 60_000)).data ?? 0;
}
