import { CircleCheck } from 'lucide-react';
import type { RefObject } from 'react';
import { FormAlert } from './form-field';

/** What just happened on a list page or in a panel (announced), and the last action's error. */
export function ListNotice({
  note,
  noteRef,
  error,
  inPanel = false,
}: {
  note: string | null;
  noteRef: RefObject<HTMLParagraphElement | null>;
  error: string | null;
  /** tighter spacing inside a panel */
  inPanel?: boolean;
}) {
  return (
    <>
      <div role="status" className={`${inPanel ? 'mt-3' : 'mt-6'} empty:hidden`}>
        {note && (
          <p ref={noteRef} tabIndex={-1} className="flex scroll-mt-24 items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" /> {note}
          </p>
        )}
      </div>
      {error && (
        <div className={inPanel ? 'mt-3' : 'mt-4'}>
          <FormAlert message={error} />
        </div>
      )}
    </>
  );
}
