import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Notification } from '@parkly/shared/notifications';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useDefaultTimeZone } from '../../lib/use-default-time-zone';
import { formatBookingDate } from './format-booking-date';

/** One notification; its close button is reachable with the arrow keys like the dropdown's other entries. */
export function NotificationItem({ notification, onDelete }: { notification: Notification; onDelete: (id: string) => void }) {
  const titleId = useId();
  // a notification carries no zone of its own: its time is read on the configured zone's clock
  const timeZone = useDefaultTimeZone();
  return (
    <div role="group" aria-labelledby={titleId} className="flex items-start gap-3 px-4 py-3">
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.is_read === 0 ? 'bg-brand-600' : 'bg-transparent'}`} />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="text-sm font-semibold break-words text-slate-900">
          {notification.title}
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-600">{notification.description}</p>
        {notification.booking_date_time && (
          <p className="mt-1 text-xs font-medium text-slate-600">
            Booking Date: <time dateTime={notification.booking_date_time}>{formatBookingDate(notification.booking_date_time, timeZone)}</time>
          </p>
        )}
      </div>
      <DropdownMenu.Item asChild onSelect={() => onDelete(notification.id)}>
        <button
          type="button"
          role="button"
          aria-label="Delete notification"
          className="-mt-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </DropdownMenu.Item>
    </div>
  );
}
