import { CHAT_PANEL_HEIGHT_PX } from '@parkly/shared/constants';
import { MessageCircle } from 'lucide-react';
import { useChatboat } from './api/post-chatboat';
import { ChatComposer } from './chat-composer';
import { ChatLog } from './chat-log';
import { failureText, replyText, type ChatMessage } from './chat-reply';

interface ChatPanelProps {
  id: string;
  messages: ChatMessage[];
  onMessage: (text: string, sender: ChatMessage['sender']) => void;
}

/**
 * The open support chat: a 500 px panel with the conversation and the composer. Loaded when the chat is
 * first opened (chat-widget.tsx); the conversation lives in the widget, so it outlasts closing the panel.
 */
export default function ChatPanel({ id, messages, onMessage }: ChatPanelProps) {
  const chat = useChatboat();

  const send = (text: string) => {
    onMessage(text, 'user');
    // mutateAsync so that every question gets its own answer, even when several are in flight
    chat.mutateAsync(text).then(
      (answer) => onMessage(replyText(answer), 'bot'),
      (err: unknown) => onMessage(failureText(err), 'bot'),
    );
  };

  return (
    <section
      id={id}
      aria-label="Chat with us!"
      style={{ maxHeight: CHAT_PANEL_HEIGHT_PX }}
      className="pointer-events-auto flex h-[500px] w-[min(calc(100vw-1.5rem),23rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl [@media(max-height:640px)]:max-h-[calc(100dvh-6rem)]!"
    >
      <div className="flex items-center gap-3 bg-brand-700 px-4 py-3 text-white">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-white/15" aria-hidden="true">
          <MessageCircle className="size-5" />
        </span>
        <div>
          <h2 className="text-sm font-semibold">Parkly support</h2>
          <p className="text-xs text-brand-50">Ask about bookings, listings and payments</p>
        </div>
      </div>
      <ChatLog messages={messages} waiting={chat.isPending} />
      <ChatComposer onSend={send} />
    </section>
  );
}
