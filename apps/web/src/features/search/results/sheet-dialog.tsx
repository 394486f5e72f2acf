import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

const PLACEMENT = {
  // filters: the whole screen on a phone, a panel on the right from the lg breakpoint
  side: 'inset-0 lg:inset-y-0 lg:right-0 lg:left-auto lg:w-[26rem] lg:border-l lg:border-slate-200',
  // the time editor: a sheet from the bottom on a phone, a centred box on wider screens
  center: 'inset-x-0 bottom-0 max-h-[90dvh] rounded-t-2xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[85dvh] sm:w-[34rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
};

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  placement: keyof typeof PLACEMENT;
  children: ReactNode;
  /** the actions, kept in view under a scrolling body */
  footer: ReactNode;
}

/** A modal panel with a title, a close button, a scrolling body and a footer (Radix adds the backdrop and focus trap). */
export default function SheetDialog({ open, onOpenChange, title, description, placement, children, footer }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content className={`fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none ${PLACEMENT[placement]}`}>
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close aria-label="Close" className="-mr-2 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100">
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className={description ? 'px-5 pt-3 text-sm text-slate-600' : 'sr-only'}>{description ?? title}</RadixDialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-3">{footer}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
