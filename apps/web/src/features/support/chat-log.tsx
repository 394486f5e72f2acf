import { MESSAGES } from '@parkly/shared/constants';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from './chat-reply';

/** The conversation, newest at the bottom; screen readers hear new lines as they arrive. */
export function ChatLog({ messages, waiting }: { messages: ChatMessage[]; waiting: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, waiting]);

  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label="Chat messages"
      tabIndex={0}
      className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain bg-slate-50 px-4 py-4"
    >
      {messages.map((m) => (
        <Bubble key={m.id} message={m} />
      ))}
      {waiting && (
        <div className="flex justify-start">
          <span className="inline-flex items-center gap-1 rounded-2xl rounded-bl-sm bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
            <span className="sr-only">Support is typing</span>
            {[0, 150, 300].map((delay) => (
              <span key={delay} aria-hidden="true" style={{ animationDelay: `${delay}ms` }} className="size-1.5 animate-bounce rounded-full bg-slate-400" />
            ))}
          </span>
        </div>
      )}
    </div>
  );
}

function Bubble({ message }: { message: ChatMessage }) {
  const mine = message.sender === 'user';
  return (
    <div className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <p
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-line ${
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-slate-800 shadow-sm ring-1 ring-slate-200'
        }`}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Support: '}</span>
        {message.text || (message.sender === 'bot' ? MESSAGES.chatWelcome : '')}
      </p>
    </div>
  );
}
