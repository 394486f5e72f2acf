import * as RadixDialog from '@radix-ui/react-dialog';
import { Button } from './button';
import type { PopupKind, PopupOptions } from './popup';

const COLORS: Record<PopupKind, string> = { success: '#0f766e', error: '#b91c1c', info: '#1d4ed8' };

/** The picture every popup carries (SPEC: popups appear "with an image"). */
function PopupImage({ kind }: { kind: PopupKind }) {
  const color = COLORS[kind];
  return (
    <svg role="img" aria-label={kind} viewBox="0 0 64 64" className="mx-auto size-16">
      <circle cx="32" cy="32" r="30" fill={color} opacity="0.12" />
      <circle cx="32" cy="32" r="22" fill={color} />
      {kind === 'success' && <path d="M22 33l7 7 14-15" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />}
      {kind === 'error' && <path d="M24 24l16 16M40 24L24 40" stroke="#fff" strokeWidth="5" strokeLinecap="round" />}
      {kind === 'info' && (
        <>
          <circle cx="32" cy="22" r="3.5" fill="#fff" />
          <path d="M32 30v14" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

/** The popup itself: a Radix alert dialog with a backdrop that blocks the page. Loaded the first time a popup opens. */
export default function PopupDialog({ current, onClose }: { current: PopupOptions | null; onClose: () => void }) {
  const kind = current?.kind ?? 'info';
  return (
    <RadixDialog.Root open={current !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <RadixDialog.Content
          role="alertdialog"
          // a popup with only a title has nothing more to describe; the title names it
          {...(!current?.message && { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-[60] w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl"
        >
          <PopupImage kind={kind} />
          <RadixDialog.Title className="mt-4 text-lg font-semibold text-slate-900">{current?.title}</RadixDialog.Title>
          {current?.message && <RadixDialog.Description className="mt-2 text-sm text-slate-600">{current.message}</RadixDialog.Description>}
          <RadixDialog.Close asChild>
            <Button className="mt-6 w-full">OK</Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
