import type { ChatRoom } from '@parkly/shared/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

interface ReadAnswer {
  result: { room_id: string; last_read_id: string; unread_count: number };
}

export const markChatRead = (roomId: string, upTo: string) =>
  apiFetch<ReadAnswer>(`chat-rooms/${encodeURIComponent(roomId)}/read`, { method: 'POST', body: { up_to: upTo } }).then((r) => r.result);

/** POST chat-rooms/:id/read: a read receipt; the room's unread count and the lists follow. */
export function useMarkChatRead(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => markChatRead(roomId, upTo),
    onSuccess: (read) => {
      queryClient.setQueryData<ChatRoom>(chatKeys.room(roomId), (old) => (old ? { ...old, unread_count: read.unread_count } : old));
      void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
    },
  });
}
