import { Inbox, Search } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useProfile } from '../accounts/api/get-profile';
import { RoomList } from './components/room-list';
import { useChatLive } from './use-chat-live';

/** /chatroom: every conversation of the user, as guest and as host, newest first. */
export default function ChatRoomsPage() {
  useChatLive();
  const profile = useProfile();
  return (
    <Page title="Chat" intro="Your conversations with hosts and guests." width="max-w-3xl">
      {profile.data?.host_user === 1 && (
        <p className="mb-4">
          <Link to="/chats" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2">
            <Inbox aria-hidden="true" className="size-4" /> Host inbox: guests writing about your spaces
          </Link>
        </p>
      )}
      <RoomList
        role="all"
        label="Conversations"
        empty={
          <>
            <h2 className="mt-3 text-lg font-semibold text-slate-900">No conversations yet</h2>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
              Questions about a space? Open it and choose &ldquo;Message host&rdquo;. Your conversations show here.
            </p>
            <Link to="/parking" className={buttonClass('primary', 'mt-5')}>
              <Search aria-hidden="true" className="size-4" /> Find parking
            </Link>
          </>
        }
      />
    </Page>
  );
}
