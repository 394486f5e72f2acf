import { ChevronRight, CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { SECTIONS, sectionIndex, sectionOfApiField, type SectionKey } from './sections';

interface MissingListProps {
  /** by API field, as the server says it: { photos: 'Add at least one photo', … } */
  missing: Record<string, string>;
  hrefOf: (section: SectionKey) => string;
  title: string;
  /** a failed publish announces itself; the standing checklist does not */
  alert?: boolean;
}

/** What a listing still needs before it can go live, each with a link to the step that fixes it. */
export function MissingList({ missing, hrefOf, title, alert }: MissingListProps) {
  const items = Object.entries(missing)
    .map(([field, message]) => ({ field, message, section: sectionOfApiField(field) }))
    .sort((a, b) => sectionIndex(a.section) - sectionIndex(b.section));
  if (items.length === 0) return null;
  return (
    <div
      role={alert ? 'alert' : undefined}
      // a failed publish brings this list into view (see focusFirstError)
      {...(alert && { tabIndex: -1, 'data-field-error': true })}
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 focus:outline-none"
    >
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <CircleAlert aria-hidden="true" className="size-5" /> {title}
      </p>
      <ul className="mt-2 space-y-1">
        {items.map(({ field, message, section }) => (
          <li key={field}>
            <Link to={hrefOf(section)} className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-2 text-amber-950 hover:bg-amber-100">
              <span>{message}</span>
              <span className="flex shrink-0 items-center text-sm font-semibold text-amber-900">
                {SECTIONS[sectionIndex(section)]?.name}
                <ChevronRight aria-hidden="true" className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
