import type { ChatMessagesAnswer } from '@parkly/shared/chat';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useRealtimeConnected } from '../../../lib/realtime';
import { chatKeys } from './chat-keys';

export const getChatMessages = (roomId: string, before: string | null, signal?: AbortSignal) =>
  apiFetch<ChatMessagesAnswer>(`chat-rooms/${encodeURIComponent(roomId)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`, { signal });

/**
 * GET chat-rooms/:id/messages: the first page is the newest, each next page is older (`before` its
 * first message). New messages come live; while the socket is down the open room polls every 5 s.
 */
export const chatMessagesQueryOptions = (roomId: string, pollMs: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    queryFn: ({ pageParam, signal }) => getChatMessages(roomId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_more && last.result[0] ? last.result[0].id : null),
    refetchInterval: pollMs,
    enabled: roomId !== '',
  });

export function useChatMessages(roomId: string) {
  const live = useRealtimeConnected();
  return useInfiniteQuery(chatMessagesQueryOptions(roomId, live ? 60_000 : 5_000));
}
