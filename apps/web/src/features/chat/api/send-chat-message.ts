import type { ChatMessage } from '@parkly/shared/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { addCachedMessage, chatKeys } from './chat-keys';

export const sendChatMessage = (roomId: string, text: string) =>
  apiFetch<{ result: ChatMessage }>(`chat-rooms/${encodeURIComponent(roomId)}/messages`, { method: 'POST', body: { text } }).then((r) => r.result);

/** POST chat-rooms/:id/messages: the answer goes straight into the room's history. */
export function useSendChatMessage(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendChatMessage(roomId, text),
    onSuccess: (message) => {
      addCachedMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
    },
  });
}
