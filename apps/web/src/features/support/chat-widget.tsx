import { CHAT_PANEL_HEIGHT_PX } from '@parkly/shared/constants';
import { ChevronDown, MessageCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useChatboat } from './api/post-chatboat';
import { ChatComposer } from './chat-composer';
import { ChatLog } from './chat-log';
import { failureText, replyText, type ChatMessage } from './chat-reply';

/** The first bot line is empty: the log shows it as the welcome (SPEC 2.6). */
const FIRST: ChatMessage[] = [{ id: 0, text: '', sender: 'bot' }];

/** The support chat on every page: a launcher at the bottom right that opens a 500 px panel above it. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>(FIRST);
  const nextId = useRef(1);
  const chat = useChatboat();
  const panelId = useId();

  const add = (text: string, sender: ChatMessage['sender']) => {
    const id = nextId.current++;
    setMessages((list) => [...list, { id, text, sender }]);
  };

  const send = (text: string) => {
    add(text, 'user');
    // mutateAsync so that every question gets its own answer, even when several are in flight
    chat.mutateAsync(text).then(
      (answer) => add(replyText(answer), 'bot'),
      (err: unknown) => add(failureText(err), 'bot'),
    );
  };

  return (
    <aside aria-label="Support chat" className="pointer-events-none fixed right-3 bottom-3 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {open && (
        <section
          id={panelId}
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
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="pointer-events-auto inline-flex size-12 items-center justify-center gap-2 rounded-full bg-brand-700 text-sm font-semibold text-white shadow-lg ring-1 ring-black/5 transition-colors hover:bg-brand-800 sm:size-auto sm:px-5 sm:py-3"
      >
        {open ? <ChevronDown className="size-5" aria-hidden="true" /> : <MessageCircle className="size-5" aria-hidden="true" />}
        <span className="sr-only sm:not-sr-only">Chat with us!</span>
      </button>
    </aside>
  );
}
