import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoom } from '@parkly/shared/chat';
import { useRealtimeEvent } from '../../lib/realtime';
import { addCachedMessage, chatKeys } from './api/chat-keys';

/**
 * Live chat: a new message goes into its room's history and refreshes the lists; a read receipt
 * moves the "Seen" mark. `onMessage` lets the open conversation announce arrivals.
 */
export function useChatLive(onMessage?: (message: ChatMessage) => void) {
  const queryClient = useQueryClient();
  useRealtimeEvent('message', (data) => {
    const message = data.message as ChatMessage;
    addCachedMessage(queryClient, message);
    void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.room(data.room_id) });
    onMessage?.(message);
  });
  useRealtimeEvent('read', (data) => {
    queryClient.setQueryData<ChatRoom>(chatKeys.room(data.room_id), (old) =>
      old && data.reader_id === old.other.id && Number(data.up_to_message_id) > Number(old.other_last_read_id)
        ? { ...old, other_last_read_id: data.up_to_message_id }
        : old,
    );
  });
}
