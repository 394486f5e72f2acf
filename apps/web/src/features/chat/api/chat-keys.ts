import type { ChatMessage, ChatMessagesAnswer } from '@parkly/shared/chat';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Query keys of the chat feature; invalidating `chatKeys.all` refreshes every list and room. */
export const chatKeys = {
  all: ['chat'] as const,
  /** GET chat-rooms (all, or one side: the host's inbox) */
  rooms: (role: 'guest' | 'host' | 'all') => ['chat', 'rooms', role] as const,
  roomLists: () => ['chat', 'rooms'] as const,
  /** the unread total of GET chat-rooms (the Chat menu entry's badge), per session */
  unreadTotal: (token: string | null) => ['chat', 'rooms', 'unread-total', token] as const,
  /** GET chat-rooms/:id */
  room: (id: string) => ['chat', 'room', id] as const,
  /** GET chat-rooms/:id/messages, page by page */
  messages: (id: string) => ['chat', 'messages', id] as const,
};

/** Puts a message into the cached newest page of its room (once: a message echoed back live is not doubled). */
export function addCachedMessage(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<InfiniteData<ChatMessagesAnswer, string | null>>(chatKeys.messages(message.room_id), (old) => {
    if (!old || old.pages.length === 0) return old;
    if (old.pages.some((p) => p.result.some((m) => m.id === message.id))) return old;
    const [newest, ...rest] = old.pages;
    const result = [...newest!.result, message].sort((a, b) => Number(a.id) - Number(b.id));
    return { ...old, pages: [{ ...newest!, result }, ...rest] };
  });
}
