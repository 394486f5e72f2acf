import type { ChatRoom, OpenChatRoomInput } from '@parkly/shared/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';
import { chatKeys } from './chat-keys';

export const openChatRoom = (input: OpenChatRoomInput) => apiFetch<{ result: ChatRoom }>('chat-rooms', { method: 'POST', body: input }).then((r) => r.result);

export const conversationPath = (roomId: string) => `/chatroom/message?room=${encodeURIComponent(roomId)}`;

/**
 * "Message host" / "Message guest": opens (or finds) the conversation of a listing (and booking) with
 * POST chat-rooms and goes to it. A visitor is sent to log in first, and comes back here.
 */
export function useStartConversation() {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: openChatRoom,
    onSuccess: (room) => {
      queryClient.setQueryData(chatKeys.room(room.id), room);
      void navigate(conversationPath(room.id));
    },
  });
  const start = (input: OpenChatRoomInput) => {
    if (!token) {
      void navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    mutation.mutate(input);
  };
  return { start, isPending: mutation.isPending, error: mutation.error };
}
