import { PlaceSearch } from '../../../components/map/place-search';
import type { Place } from '../../../lib/places';
import type { SearchState } from '../../../lib/search-state';
import { FiltersPanel } from './filters-panel';
import { NEAR_ME, type Filters } from './search-defaults';
import { WhenEditor } from './when-editor';

interface SearchBarProps {
  search: SearchState;
  onPlace: (place: Place) => void;
  onWhen: (w: Pick<SearchState, 'when' | 'start' | 'end'>) => void;
  onFilters: (f: Filters) => void;
}

/**
 * Where, when and filters. On a phone the place takes a row and the time is a chip that opens its
 * editor; from the lg breakpoint all three sit in one row.
 */
export function SearchBar({ search, onPlace, onWhen, onFilters }: SearchBarProps) {
  return (
    // from lg it stays in view above the list; the map's sticky top in the page (8.5rem) is the top bar plus this bar
    <div className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6 lg:sticky lg:top-16 lg:z-30 lg:flex lg:h-[4.5rem] lg:items-center lg:py-0">
      <div className="flex flex-col gap-2 lg:w-full lg:flex-row lg:items-center lg:gap-3">
        {/* the field is named for screen readers; the icon and the current place say what it is */}
        <div className="min-w-0 lg:w-96 [&_label]:sr-only [&_input]:min-h-11 [&_input]:py-2">
          <PlaceSearch
            key={`${search.place}|${search.lat}|${search.lng}`}
            label="Search near a place"
            placeholder={search.place === NEAR_ME ? 'Near your location' : 'City or area'}
            defaultText={search.place === NEAR_ME ? '' : search.place}
            onChoose={onPlace}
          />
        </div>
        <div className="flex min-w-0 gap-2">
          <div className="flex min-w-0 flex-1 lg:flex-none">
            <WhenEditor value={search} onChange={onWhen} />
          </div>
          <FiltersPanel search={search} onApply={onFilters} />
        </div>
      </div>
    </div>
  );
}
