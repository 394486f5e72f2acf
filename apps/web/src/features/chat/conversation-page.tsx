import type { ChatRoom } from '@parkly/shared/chat';
import { ArrowLeft, CalendarCheck, MapPin } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useChatMessages } from './api/get-chat-messages';
import { useChatRoom } from './api/get-chat-room';
import { useMarkChatRead } from './api/mark-chat-read';
import { useSendChatMessage } from './api/send-chat-message';
import { Composer } from './components/composer';
import { MessageList, mineWithText, type PendingMessage } from './components/message-list';
import { PersonAvatar } from './components/person-avatar';
import { useChatLive } from './use-chat-live';

const NEAR_BOTTOM_PX = 120;

function Header({ room }: { room: ChatRoom }) {
  const back = room.role === 'host' ? '/chats' : '/chatroom';
  const bookingUrl = room.booking_id
    ? room.role === 'host'
      ? `/booking_details?id=${encodeURIComponent(room.booking_id)}`
      : `/parking/booking-details/${encodeURIComponent(room.booking_id)}`
    : null;
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-3 sm:px-4">
      <Link to={back} aria-label="Back to conversations" className={buttonClass('ghost', 'size-10 shrink-0 !px-0')}>
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Link>
      <PersonAvatar name={room.other.name} src={room.other.profile_image} />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-bold text-slate-900">{room.other.name}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
          <Link to={`/parking/${encodeURIComponent(room.parking.id)}`} className="inline-flex min-w-0 items-center gap-1 text-brand-700 underline underline-offset-2">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{room.parking.title}</span>
          </Link>
          {bookingUrl && (
            <Link to={bookingUrl} className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2">
              <CalendarCheck aria-hidden="true" className="size-3.5 shrink-0" /> Booking
            </Link>
          )}
        </p>
      </div>
    </header>
  );
}

function Conversation({ room }: { room: ChatRoom }) {
  useChatLive();
  const history = useChatMessages(room.id);
  const send = useSendChatMessage(room.id);
  const markRead = useMarkChatRead(room.id);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const atBottomOnce = useRef(false);
  const lastSeenOther = useRef<string | null>(null);
  const readSent = useRef<string | null>(null);

  const messages = history.data ? [...history.data.pages].reverse().flatMap((p) => p.result) : [];
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  const lastOther = [...messages].reverse().find((m) => m.sender_id === room.other.id);

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage || !atBottomOnce.current) return;
    const el = scroller.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  // older messages added above: keep what the reader was looking at in place
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [firstId]);

  // the first page opens at the bottom; a new message there is followed when the reader was near the bottom
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || lastId === undefined) return;
    const first = !atBottomOnce.current;
    if (first || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX * 3 || pending.length > 0) el.scrollTop = el.scrollHeight;
    atBottomOnce.current = true;
  }, [lastId, pending.length]);

  // announce the other party's new messages (live or polled) to screen readers, and send the read receipt
  useEffect(() => {
    if (!lastOther) return;
    if (lastSeenOther.current !== null && lastSeenOther.current !== lastOther.id) setAnnouncement(`New message from ${room.other.name}: ${lastOther.text}`);
    lastSeenOther.current = lastOther.id;
    if (readSent.current !== lastOther.id && document.visibilityState === 'visible') {
      readSent.current = lastOther.id;
      markRead.mutate(lastOther.id);
    }
  }, [lastOther, room.other.name, markRead]);

  // scrolling up to the top loads older messages
  useEffect(() => {
    const el = topSentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadOlder();
    }, { root: scroller.current, rootMargin: '200px 0px 0px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  });

  const deliver = (p: PendingMessage) => {
    setSendError(null);
    setPending((list) => [...list.filter((x) => x.key !== p.key), { ...p, failed: false }]);
    send.mutate(p.text, {
      onSuccess: () => setPending((list) => list.filter((x) => x.key !== p.key)),
      onError: (err) => {
        setPending((list) => list.map((x) => (x.key === p.key ? { ...x, failed: true } : x)));
        if (err instanceof ApiError && err.code === 'RATE_LIMITED') setSendError('You are sending messages too quickly. Wait a moment, then try again.');
        else setSendError((err instanceof ApiError && err.errors?.text) || err.message);
      },
    });
  };

  return (
    <section aria-label={`Conversation with ${room.other.name}`} className="flex h-[calc(100dvh-9rem)] min-h-[26rem] flex-col overflow-hidden rounded-none border-slate-200 bg-slate-50 sm:h-[calc(100dvh-14rem)] sm:rounded-2xl sm:border sm:shadow-sm">
      <DocumentTitle title={`Chat with ${room.other.name}`} />
      <Header room={room} />
      <div ref={scroller} className="flex-1 overflow-y-auto px-3 py-4 sm:px-5" tabIndex={0} aria-label="Message history">
        <div ref={topSentinel} />
        {history.hasNextPage && (
          <div className="mb-3 text-center">
            <Button variant="secondary" onClick={loadOlder} disabled={history.isFetchingNextPage} className="!min-h-8 !py-1 text-xs">
              {history.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
            </Button>
          </div>
        )}
        {history.isPending ? (
          <Spinner label="Loading messages" />
        ) : history.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The messages could not be loaded. {history.error.message}
          </p>
        ) : messages.length === 0 && pending.length === 0 ? (
          <p className="mx-auto mt-10 max-w-xs text-center text-sm text-slate-600">
            Say hello to {room.other.name}. Ask about access, timings or anything about {room.parking.title}.
          </p>
        ) : (
          <MessageList room={room} messages={messages} pending={pending} onRetry={deliver} />
        )}
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {room.role === 'admin' ? (
        <p className="border-t border-slate-200 bg-white p-4 text-sm text-slate-600">You are reading this conversation as an administrator.</p>
      ) : (
        <Composer to={room.other.name} error={sendError} onSend={(text) => deliver({ key: `p${Date.now()}${Math.random()}`, text, failed: false, baseline: mineWithText(messages, room.other.id, text) + pending.filter((p) => !p.failed && p.text.trim() === text.trim()).length })} />
      )}
    </section>
  );
}

/** /chatroom/message?room=<id>: one conversation. */
export default function ConversationPage() {
  const [params] = useSearchParams();
  const roomId = params.get('room') ?? '';
  const room = useChatRoom(roomId);
  if (roomId && room.isPending) return <PageSpinner />;
  if (!roomId || room.isError || !room.data) {
    const missing = !roomId || (room.error instanceof ApiError && room.error.code === 'NOT_FOUND');
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
        <DocumentTitle title="Conversation not found" />
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Conversation not found' : 'We could not load this conversation'}</h1>
        <p className="mt-3 text-slate-600">{missing ? 'It may belong to another account.' : 'Check your connection and try again.'}</p>
        <Link to="/chatroom" className={buttonClass('primary', 'mt-6')}>
          Your conversations
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl sm:px-6 sm:py-6">
      <Conversation key={room.data.id} room={room.data} />
    </div>
  );
}
