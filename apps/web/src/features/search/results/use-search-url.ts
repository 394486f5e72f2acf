import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { preventScrollReset } from '../../../app/scroll-restoration';
import { parseSearch, searchToParams, type SearchState } from '../../../lib/search-state';
import { withDefaults } from './search-defaults';

/**
 * The search as the URL holds it, with the place filled in when the URL names none. Every change is a
 * new history entry (so Back returns to the previous search), except switching between list and map.
 * The filled-in place is written only with the first change, so a bare /parking stays bare.
 */
export function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => withDefaults(parseSearch(new URLSearchParams(key))), [key]);

  const update = (next: SearchState | ((s: SearchState) => SearchState), opts: { replace?: boolean } = {}) => {
    const value = typeof next === 'function' ? next(state) : next;
    preventScrollReset();
    setParams(searchToParams(value), { replace: opts.replace });
  };

  return { state, update };
}
