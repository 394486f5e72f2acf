import { CHAT_MESSAGE_MAX_LENGTH } from '@parkly/shared/chat';
import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';

/**
 * The message box: Enter sends, Shift+Enter starts a new line. The 2,000-character limit is shown
 * as a count; nothing is sent while the trimmed text is empty.
 */
export function Composer({ onSend, error, to }: { onSend: (text: string) => void; error: string | null; to: string }) {
  const [text, setText] = useState('');
  const countId = useId();
  const errorId = useId();
  const length = text.trim().length;
  const over = length > CHAT_MESSAGE_MAX_LENGTH;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const clean = text.trim();
    if (!clean || over) return;
    onSend(clean);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  // on phones the support chat's round launcher sits at the bottom right: the right padding keeps Send clear of it
  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white p-3 pr-[4.5rem] sm:p-4">
      {error && (
        <p id={errorId} role="alert" className="mb-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Message to {to}</span>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            maxLength={CHAT_MESSAGE_MAX_LENGTH + 200}
            placeholder={`Write to ${to}…`}
            aria-describedby={[countId, error ? errorId : ''].filter(Boolean).join(' ')}
            aria-invalid={over || undefined}
            className="block max-h-40 min-h-11 w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 [field-sizing:content] placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
          />
        </label>
        <button
          type="submit"
          aria-label="Send message"
          disabled={length === 0 || over}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-brand-700/50"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p id={countId} className="mt-1.5 flex justify-between gap-3 text-xs text-slate-600">
        <span className="hidden sm:inline">Enter to send · Shift+Enter for a new line</span>
        <span className={`ml-auto ${over ? 'font-semibold text-red-700' : ''}`}>
          {length.toLocaleString('en-US')} / {CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
          {over && ' · too long'}
        </span>
      </p>
    </form>
  );
}
