import { SendHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';

/** The text box and send button: Enter or the icon sends; a blank message is not sent (SPEC 5). */
export function ChatComposer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    onSend(message);
    setText('');
  };

  return (
    <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 bg-white p-3">
      <input
        type="text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Type your message here..."
        aria-label="Message to support"
        maxLength={1000}
        autoComplete="off"
        // the person just opened the chat to type
        autoFocus
        className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
      />
      <button
        type="submit"
        aria-label="Send message"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800"
      >
        <SendHorizontal className="size-5" aria-hidden="true" />
      </button>
    </form>
  );
}
