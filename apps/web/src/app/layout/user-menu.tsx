import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '../../features/accounts/api/get-profile';
import { useChatUnreadTotal } from '../../features/chat/api/get-chat-unread-total';
import { useMode, useToken } from '../../lib/use-session';
import { DeleteAccountDialog, LogoutDialog } from './account-dialogs';
import { Avatar } from './avatar';
import { ModeToggle } from './mode-toggle';
import { menuEntries } from './user-menu-entries';

type Dialog = 'logout' | 'delete';

/** A count as the badge shows it. */
const shortCount = (n: number) => (n > 99 ? '99+' : String(n));

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/**
 * The account menu of SPEC 2.2. The popup is a small modal dialog rather than a role=menu, because a
 * menu may not hold buttons: it has the Guest / Host toggle (buttons with aria-pressed) and a menu of
 * the mode's entries, Delete Account and Log Out.
 */
export function UserMenu() {
  const profile = useProfile();
  const mode = useMode();
  const unreadMessages = useChatUnreadTotal(useToken());
  const unreadHintId = useId();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // a dialog chosen in the menu opens once the menu has closed, so the two never fight over focus
  const chosen = useRef<Dialog | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = () => trigger.current?.focus();
  // Radix gives focus back to a dialog's own trigger, and these dialogs have none
  const onDialogChange = (which: Dialog) => (open: boolean) => {
    setDialog(open ? which : null);
    if (!open) setTimeout(returnFocus);
  };
  const name = profile.data?.name ?? 'Account';

  useEffect(() => {
    // SPEC 8: a failed profile fetch is only logged
    if (profile.error) console.error('Profile could not be loaded', profile.error);
  }, [profile.error]);

  const openChosenDialog = () => {
    if (chosen.current) setDialog(chosen.current);
    chosen.current = null;
  };

  return (
    <>
      <DropdownMenu.Root>
        {/* the count sits beside the button, not in it: the button names the menu, and that name stays the user's */}
        <span className="relative inline-flex">
          <DropdownMenu.Trigger asChild>
            <button
              ref={trigger}
              type="button"
              aria-haspopup="dialog"
              aria-describedby={unreadMessages > 0 ? unreadHintId : undefined}
              className="inline-flex h-10 max-w-[11rem] items-center gap-2 rounded-full py-1 pr-3 pl-1 sm:pr-2 text-sm font-semibold text-slate-800 transition-colors hover:bg-slate-100 data-[state=open]:bg-slate-100 sm:max-w-[14rem]"
            >
              <Avatar src={profile.data?.profile_image} />
              <span className="max-w-[4.5rem] truncate sm:max-w-[8rem]">{name}</span>
              <ChevronDown className="hidden size-4 shrink-0 text-slate-500 sm:block" aria-hidden="true" />
            </button>
          </DropdownMenu.Trigger>
          {unreadMessages > 0 && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute -top-0.5 left-6 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white ring-2 ring-white"
            >
              {shortCount(unreadMessages)}
            </span>
          )}
        </span>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            role="dialog"
            aria-modal="true"
            aria-orientation={undefined}
            align="end"
            sideOffset={8}
            collisionPadding={8}
            onCloseAutoFocus={openChosenDialog}
            className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] w-64 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl"
          >
            <div className="flex items-center gap-3 px-3 pt-2 pb-1">
              <Avatar src={profile.data?.profile_image} className="size-10" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
                {profile.data?.email && <p className="truncate text-xs text-slate-600">{profile.data.email}</p>}
              </div>
            </div>
            <ModeToggle />
            <div role="menu" aria-label="Account" aria-orientation="vertical">
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              {menuEntries(mode, profile.data?.role === 'admin').map(({ to, label, Icon, count }) => {
                const n = count === 'unread-messages' ? unreadMessages : 0;
                return (
                  <DropdownMenu.Item key={to} asChild className={itemClass}>
                    <Link to={to} aria-label={n > 0 ? `${label}, ${n} unread` : undefined}>
                      <Icon className="size-4 text-slate-500" aria-hidden="true" />
                      {label}
                      {n > 0 && (
                        <span aria-hidden="true" className="ml-auto min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-semibold text-white">
                          {shortCount(n)}
                        </span>
                      )}
                    </Link>
                  </DropdownMenu.Item>
                );
              })}
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              <DropdownMenu.Item className={itemClass} onSelect={() => (chosen.current = 'delete')}>
                <Trash2 className="size-4 text-red-700" aria-hidden="true" />
                <span className="text-red-700">Delete Account</span>
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemClass} onSelect={() => (chosen.current = 'logout')}>
                <LogOut className="size-4 text-slate-500" aria-hidden="true" />
                Log Out
              </DropdownMenu.Item>
            </div>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {/* read out with the menu button; its name stays the user's name */}
      <span id={unreadHintId} hidden>
        {unreadMessages === 1 ? '1 unread message' : `${unreadMessages} unread messages`}
      </span>
      <LogoutDialog open={dialog === 'logout'} onOpenChange={onDialogChange('logout')} returnFocus={returnFocus} />
      <DeleteAccountDialog open={dialog === 'delete'} onOpenChange={onDialogChange('delete')} returnFocus={returnFocus} />
    </>
  );
}
