import { MESSAGES } from '@parkly/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePopup } from '../../components/ui/popup';

interface PushMessage {
  type: 'push';
  title?: string;
  body?: string;
}

const isPushMessage = (data: unknown): data is PushMessage => typeof data === 'object' && data !== null && (data as PushMessage).type === 'push';

/** A push that arrives while the app is open shows an info popup 'New Message!' with its body (SPEC 7). */
export function useForegroundMessages() {
  const popup = usePopup();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPushMessage(event.data)) return;
      popup({ title: MESSAGES.newMessage, message: event.data.body || event.data.title, kind: 'info' });
      // a push usually means a new notification: let the bell show its dot
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [popup, queryClient]);
}
