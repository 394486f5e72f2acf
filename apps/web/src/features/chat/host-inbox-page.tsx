import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { RoomList } from './components/room-list';
import { useChatLive } from './use-chat-live';

/** /chats: the host's inbox, the conversations guests started about the host's spaces. */
export default function HostInboxPage() {
  useChatLive();
  return (
    <Page title="Host inbox" intro="Guests writing to you about your spaces, newest first." width="max-w-3xl">
      <p className="mb-4">
        <Link to="/chatroom" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2">
          <MessagesSquare aria-hidden="true" className="size-4" /> All conversations
        </Link>
      </p>
      <RoomList
        role="host"
        label="Guest conversations"
        empty={
          <>
            <h2 className="mt-3 text-lg font-semibold text-slate-900">No messages from guests yet</h2>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">When a guest writes about one of your spaces, the conversation shows here.</p>
          </>
        }
      />
    </Page>
  );
}
