import { ChevronDown, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { ChatMessage } from './chat-reply';

/** The first bot line is empty: the log shows it as the welcome (SPEC 2.6). */
const FIRST: ChatMessage[] = [{ id: 0, text: '', sender: 'bot' }];

// the panel's code (log, composer, the bot's call) is fetched when a visitor reaches for the button, not with every page
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);

/** The support chat on every page: a launcher at the bottom right that opens a 500 px panel above it. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>(FIRST);
  const nextId = useRef(1);
  const panelId = useId();

  const add = (text: string, sender: ChatMessage['sender']) => {
    const id = nextId.current++;
    setMessages((list) => [...list, { id, text, sender }]);
  };

  return (
    <aside aria-label="Support chat" className="pointer-events-none fixed right-3 bottom-3 z-40 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {open && (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} messages={messages} onMessage={add} />
        </Suspense>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className="pointer-events-auto inline-flex size-12 items-center justify-center gap-2 rounded-full bg-brand-700 text-sm font-semibold text-white shadow-lg ring-1 ring-black/5 transition-colors hover:bg-brand-800 sm:size-auto sm:px-5 sm:py-3"
      >
        {open ? <ChevronDown className="size-5" aria-hidden="true" /> : <MessageCircle className="size-5" aria-hidden="true" />}
        <span className="sr-only sm:not-sr-only">Chat with us!</span>
      </button>
    </aside>
  );
}
