import type { PublicListing } from '@parkly/shared/listings';
import { BadgeCheck, CalendarDays, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { formatMonthYear } from '@parkly/shared/time';
import { initials } from './listing-format';
import { Button } from '../../../components/ui/button';
import { useStartConversation } from '../../chat/api/open-chat-room';
import { Section } from './section';

/** Opens (or finds) the conversation with the host; a visitor logs in first. */
function MessageHost({ parkingId, name }: { parkingId: string; name: string }) {
  const chat = useStartConversation();
  return (
    <div className="w-full sm:ml-auto sm:w-auto">
      <Button variant="secondary" onClick={() => chat.start({ parking_id: parkingId })} disabled={chat.isPending} className="w-full sm:w-auto">
        <MessageSquare aria-hidden="true" className="size-4" /> {chat.isPending ? 'Opening…' : 'Message host'}
      </Button>
      {chat.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          Could not open the chat with {name}: {chat.error.message}
        </p>
      )}
    </div>
  );
}

function HostAvatar({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img src={src} alt={`Photo of ${name}`} onError={() => setFailed(true)} className="size-16 shrink-0 rounded-full object-cover ring-4 ring-white shadow" />;
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-xl font-semibold text-white ring-4 ring-white shadow"
    >
      {initials(name)}
    </span>
  );
}

/**
 * Who hosts the space: first name, photo, whether an admin checked their ID, and since when they are
 * with Parkly (a month on the listing's clock, like every date on its page).
 */
export function HostCard({ host, timeZone, parkingId }: { host: PublicListing['host']; timeZone: string; parkingId?: string }) {
  return (
    <Section title="Meet your host">
      <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-slate-50/60 p-5">
        <HostAvatar name={host.name} src={host.profile_image} />
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold text-slate-900">Hosted by {host.name}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {host.verified && (
              <li className="inline-flex items-center gap-1 font-medium text-brand-800">
                <BadgeCheck aria-hidden="true" className="size-4" /> ID verified
              </li>
            )}
            <li className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="size-4" /> Member since {formatMonthYear(host.member_since, timeZone)}
            </li>
          </ul>
        </div>
        {parkingId && <MessageHost parkingId={parkingId} name={host.name} />}
      </div>
    </Section>
  );
}
