import { CalendarClock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { whenFromWindow, WhenFields, whenToWindow, type WhenValue } from '../../../components/search/when-fields';
import type { SearchState } from '../../../lib/search-state';
import { Sheet } from './sheet';
import { whenSummary } from './when-summary';

type Window = Pick<SearchState, 'when' | 'start' | 'end'>;

const FORM_ID = 'when-editor-form';

/**
 * The chip that shows the search's time, and the editor it opens (the same fields as the home page's
 * search). A search has no place zone of its own: times are on the configured zone's clock.
 */
export function WhenEditor({ value, onChange }: { value: Window; onChange: (w: Window) => void }) {
  const timeZone = useDefaultTimeZone();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<WhenValue>(() => whenFromWindow(value.when, value.start, value.end, timeZone));
  const [problem, setProblem] = useState<string>();
  const summary = whenSummary(value, timeZone);

  const openEditor = (next: boolean) => {
    if (next) {
      setDraft(whenFromWindow(value.when, value.start, value.end, timeZone));
      setProblem(undefined);
    }
    setOpen(next);
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const win = whenToWindow(draft, timeZone);
    if ('error' in win) {
      setProblem(win.error);
      return;
    }
    onChange({ when: draft.mode, ...win });
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => openEditor(true)}
        aria-label={`Time: ${summary}. Change the time`}
        className="inline-flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 lg:flex-none"
      >
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        <span className="truncate">{summary}</span>
      </button>
      <Sheet
        open={open}
        onOpenChange={openEditor}
        title="When do you need parking?"
        placement="center"
        footer={
          <>
            <Button
              variant="ghost"
              onClick={() => {
                onChange({ when: undefined, start: undefined, end: undefined });
                setOpen(false);
              }}
            >
              Any time
            </Button>
            <Button type="submit" form={FORM_ID}>
              Apply
            </Button>
          </>
        }
      >
        <form id={FORM_ID} onSubmit={apply} noValidate>
          <WhenFields
            value={draft}
            timeZone={timeZone}
            onChange={(v) => {
              setDraft(v);
              setProblem(undefined);
            }}
            error={problem}
          />
        </form>
      </Sheet>
    </>
  );
}
