import type { ChatRoom } from '@parkly/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useRealtimeConnected } from '../../../lib/realtime';
import { chatKeys } from './chat-keys';

export const getChatRoom = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: ChatRoom }>(`chat-rooms/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

/** GET chat-rooms/:id: who the other party is and how far they have read ("Seen"). A 404 is not retried. */
export const chatRoomQueryOptions = (id: string, pollMs: number) =>
  queryOptions({ queryKey: chatKeys.room(id), queryFn: ({ signal }) => getChatRoom(id, signal), refetchInterval: pollMs, enabled: id !== '' });

export function useChatRoom(id: string) {
  const live = useRealtimeConnected();
  return useQuery(chatRoomQueryOptions(id, live ? 60_000 : 5_000));
}
