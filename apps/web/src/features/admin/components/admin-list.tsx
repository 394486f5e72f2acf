import type { AdminPageInfo } from '@parkly/shared/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminPanel, AdminRecord } from './admin-page';
import { FilterSelect } from './filter-select';
import { Pager } from './pager';
import { SearchForm } from './search-form';
import type { AdminList } from './use-admin-list';

export interface ListFilter {
  /** the address parameter, also sent to the API */
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

/** The search box and drop-down filters above a console list (anything else, e.g. a 'New' link, as children). */
export function AdminListToolbar({ list, search, filters = [], children }: { list: AdminList; search: { label: string; placeholder: string }; filters?: ListFilter[]; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="min-w-0 flex-[1_1_20rem]">
        <SearchForm label={search.label} placeholder={search.placeholder} value={list.q} onSearch={list.setQuery} />
      </div>
      {filters.map((f) => (
        <FilterSelect key={f.name} label={f.label} value={list.filter(f.name)} options={f.options} onChange={(v) => list.setFilter(f.name, v)} />
      ))}
      {children}
    </div>
  );
}

/** A console list's answer: loading, its error, the empty message, or the rows and the pager, in one panel. */
export function AdminListResults<T>({
  query,
  title,
  loading,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<{ result: T[]; page: AdminPageInfo }>;
  title: string;
  loading: string;
  empty: ReactNode;
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <div className="mt-6">
      <AdminRecord query={query} loading={loading}>
        {(data) => (
          <AdminPanel title={title}>
            {data.result.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : children(data.result)}
            {data.page.total > 0 && <Pager info={data.page} onPage={onPage} />}
          </AdminPanel>
        )}
      </AdminRecord>
    </div>
  );
}
