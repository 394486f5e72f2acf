import type { ReactNode } from 'react';

/** A column heading: its words, shown only to screen readers (`hidden`), or right-aligned for amounts. */
export type AdminColumn = string | { label: string; right?: boolean; hidden?: boolean };

/**
 * A console list's table on wide screens (from `wideFrom`); the list draws its own cards below that
 * width. The rows are the caller's `<tr>`s.
 */
export function AdminTable({ caption, columns, wideFrom = 'md', children }: { caption: string; columns: AdminColumn[]; wideFrom?: 'md' | 'lg'; children: ReactNode }) {
  return (
    <div className={`hidden overflow-x-auto ${wideFrom === 'lg' ? 'lg:block' : 'md:block'}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((c, i) => {
              const col = typeof c === 'string' ? { label: c } : c;
              const last = i === columns.length - 1;
              return (
                <th key={col.label} scope="col" className={`py-2 font-semibold ${last ? '' : 'pr-3'} ${col.right ? 'text-right' : ''}`}>
                  {col.hidden ? <span className="sr-only">{col.label}</span> : col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
