import type { ChatRoom } from '@parkly/shared/chat';
import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { conversationPath } from '../api/open-chat-room';
import { useChatRooms } from '../api/get-chat-rooms';
import { shortWhen } from './chat-time';
import { PersonAvatar } from './person-avatar';

function RoomItem({ room }: { room: ChatRoom }) {
  const last = room.last_message;
  const mine = last !== null && last.sender_id !== room.other.id;
  const unread = room.unread_count > 0;
  return (
    <li>
      <Link
        to={conversationPath(room.id)}
        className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:px-4"
      >
        <PersonAvatar name={room.other.name} src={room.other.profile_image} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <p className={`truncate text-slate-900 ${unread ? 'font-bold' : 'font-semibold'}`}>{room.other.name}</p>
            <time dateTime={room.last_activity_at} className="shrink-0 text-xs text-slate-600">
              {shortWhen(room.last_activity_at)}
            </time>
          </div>
          <p className="truncate text-xs text-slate-600">
            {room.role === 'host' ? 'Guest · ' : 'Host · '}
            {room.parking.title}
          </p>
          <div className="mt-0.5 flex items-center justify-between gap-3">
            <p className={`truncate text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-600'}`}>
              {last ? `${mine ? 'You: ' : ''}${last.text}` : 'No messages yet'}
            </p>
            {unread && (
              <span className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">
                {room.unread_count > 99 ? '99+' : room.unread_count}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </div>
        </div>
        {room.parking.cover_url && <img src={room.parking.cover_url} alt="" className="hidden size-12 shrink-0 rounded-lg object-cover sm:block" />}
      </Link>
    </li>
  );
}

/** A user's conversations, newest first, with more on demand; `empty` when there are none. */
export function RoomList({ role, label, empty }: { role: 'guest' | 'host' | 'all'; label: string; empty: ReactNode }) {
  const rooms = useChatRooms(role);
  if (rooms.isPending) return <Spinner label="Loading conversations" />;
  if (rooms.isError) return <FormAlert message={rooms.error.message} />;
  const list = rooms.data.pages.flatMap((p) => p.result);
  if (list.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <MessageCircle aria-hidden="true" className="mx-auto size-10 text-brand-700" />
        {empty}
      </div>
    );
  return (
    <div>
      <ul aria-label={label} className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white p-1 shadow-sm sm:p-2">
        {list.map((room) => (
          <RoomItem key={room.id} room={room} />
        ))}
      </ul>
      {rooms.hasNextPage && (
        <div className="mt-4 text-center">
          <Button variant="secondary" onClick={() => void rooms.fetchNextPage()} disabled={rooms.isFetchingNextPage}>
            {rooms.isFetchingNextPage ? 'Loading…' : 'Show more conversations'}
          </Button>
        </div>
      )}
    </div>
  );
}
