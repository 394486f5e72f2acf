import type { ChatMessage, ChatRoom } from '@parkly/shared/chat';
import { Fragment } from 'react';
import { clockTime, dayLabel, sameDay } from './chat-time';

export interface PendingMessage {
  key: string;
  text: string;
  failed: boolean;
  /** How many of my messages with this text the history (and the sends before it) held when it was sent. */
  baseline: number;
}

/** My messages in the history with this text (the server trims what it keeps). */
export const mineWithText = (messages: ChatMessage[], otherId: string, text: string) =>
  messages.filter((m) => m.sender_id !== otherId && m.text === text.trim()).length;

/**
 * A send whose message is in the history already (the live event can come before the send's own answer) is not
 * shown twice: it is hidden once the history holds more of my messages with its text than when it was sent.
 */
export const unechoed = (messages: ChatMessage[], otherId: string, pending: PendingMessage[]) =>
  pending.filter((p) => p.failed || mineWithText(messages, otherId, p.text) <= p.baseline);

function Bubble({ text, mine, children }: { text: string; mine: boolean; children?: React.ReactNode }) {
  return (
    <div className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug shadow-sm sm:max-w-[70%] ${
          mine ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md border border-slate-200 bg-white text-slate-900'
        }`}
      >
        {/* text only: a link stays text, nothing is read as HTML */}
        <p className="break-words whitespace-pre-wrap">{text}</p>
      </div>
      {children}
    </div>
  );
}

/** A room's history, oldest first, with a separator at each new day, "Seen" under the last read message of the viewer's. */
export function MessageList({ room, messages, pending: sent, onRetry }: { room: ChatRoom; messages: ChatMessage[]; pending: PendingMessage[]; onRetry: (p: PendingMessage) => void }) {
  const pending = unechoed(messages, room.other.id, sent);
  const lastMine = [...messages].reverse().find((m) => m.sender_id !== room.other.id);
  const seen = lastMine && Number(room.other_last_read_id) >= Number(lastMine.id);
  return (
    <ol aria-label={`Messages with ${room.other.name}`} className="flex flex-col gap-2">
      {messages.map((m, i) => {
        const mine = m.sender_id !== room.other.id;
        const prev = messages[i - 1];
        return (
          <Fragment key={m.id}>
            {(!prev || !sameDay(prev.created_at, m.created_at)) && (
              <li className="my-2 flex items-center gap-3 text-xs font-semibold text-slate-600">
                <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                <span>{dayLabel(m.created_at)}</span>
                <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
              </li>
            )}
            <li>
              <span className="sr-only">{mine ? 'You' : room.other.name}, </span>
              <Bubble text={m.text} mine={mine}>
                <span className="mt-0.5 px-1 text-[11px] text-slate-600">
                  <time dateTime={m.created_at}>{clockTime(m.created_at)}</time>
                  {m.id === lastMine?.id && pending.length === 0 && <> · {seen ? 'Seen' : 'Sent'}</>}
                </span>
              </Bubble>
            </li>
          </Fragment>
        );
      })}
      {pending.map((p) => (
        <li key={p.key}>
          <span className="sr-only">You, </span>
          <Bubble text={p.text} mine>
            {p.failed ? (
              <span className="mt-0.5 px-1 text-[11px] font-medium text-red-700">
                Not sent ·{' '}
                <button type="button" onClick={() => onRetry(p)} className="underline underline-offset-2">
                  Try again
                </button>
              </span>
            ) : (
              <span className="mt-0.5 px-1 text-[11px] text-slate-600">Sending…</span>
            )}
          </Bubble>
        </li>
      ))}
    </ol>
  );
}
