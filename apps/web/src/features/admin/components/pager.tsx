import type { AdminPageInfo } from '@parkly/shared/admin';
import { Button } from '../../../components/ui/button';

/** 'Showing 26–50 of 212' with previous and next, under a console list. */
export function Pager({ info, onPage }: { info: AdminPageInfo; onPage: (page: number) => void }) {
  const first = info.total === 0 ? 0 : (info.page - 1) * info.page_size + 1;
  const last = Math.min(info.total, info.page * info.page_size);
  const pages = Math.max(1, Math.ceil(info.total / info.page_size));
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        {info.total === 0 ? 'Nothing found' : `Showing ${first}–${last} of ${info.total}`}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <Button variant="secondary" disabled={info.page <= 1} onClick={() => onPage(info.page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={info.page >= pages} onClick={() => onPage(info.page + 1)}>
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}
