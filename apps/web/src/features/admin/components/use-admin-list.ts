import { useSearchParams } from 'react-router';

/**
 * A console list's search and page, kept in the address (?q=&page=) so a list can be linked to,
 * reloaded and gone back to. Any other filter of the list lives there too (`filter(name)`).
 */
export type AdminList = ReturnType<typeof useAdminList>;

export function useAdminList() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        // a new search or filter starts at the first page
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    q,
    page,
    filter: (name: string) => params.get(name) ?? '',
    setQuery: (value: string) => update({ q: value.trim() || null }),
    setFilter: (name: string, value: string) => update({ [name]: value || null }),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
    /** the query string for the API call: q, page and the named filters */
    apiQuery: (filters: string[] = []) => {
      const out = new URLSearchParams();
      if (q) out.set('q', q);
      if (page > 1) out.set('page', String(page));
      for (const f of filters) if (params.get(f)) out.set(f, params.get(f)!);
      const s = out.toString();
      return s ? `?${s}` : '';
    },
  };
}
