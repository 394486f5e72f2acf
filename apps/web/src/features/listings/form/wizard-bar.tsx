import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface WizardBarProps {
  onBack: (() => void) | null;
  primaryLabel: string;
  busyLabel: string;
  busy: boolean;
  /** the last step's action (publish) is not "next" */
  final?: boolean;
  children?: ReactNode;
}

/**
 * Back and Next. On phones it sticks to the bottom of the screen within thumb reach while the form
 * is in view (leaving room for the support launcher at the right); on wider screens it closes the form.
 */
export function WizardBar({ onBack, primaryLabel, busyLabel, busy, final, children }: WizardBarProps) {
  return (
    <div className="sticky bottom-0 z-30 -mx-4 -mb-4 mt-6 rounded-b-2xl border-t border-slate-200 bg-white/95 py-3 pr-[4.5rem] pl-4 shadow-[0_-4px_16px_rgb(15_23_42/0.06)] backdrop-blur sm:static sm:mx-0 sm:mb-0 sm:mt-8 sm:rounded-none sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:backdrop-blur-none">
      {children}
      <div className="flex items-center gap-3">
        {onBack && (
          <Button variant="secondary" className="min-h-12 px-4 sm:px-5" onClick={onBack} disabled={busy}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back
          </Button>
        )}
        <Button type="submit" className="min-h-12 flex-1 text-base sm:ml-auto sm:flex-none sm:px-8" disabled={busy}>
          {busy ? busyLabel : primaryLabel}
          {!busy && !final && <ArrowRight aria-hidden="true" className="size-4" />}
        </Button>
      </div>
    </div>
  );
}
