import { MapPin, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { usePlaces, type Place } from '../../lib/places';

const DEBOUNCE_MS = 250;

function useDebounced(value: string) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value]);
  return debounced;
}

interface PlaceSearchProps {
  onChoose: (place: Place) => void;
  /** every change of the typed text (a chosen place no longer holds once the text changes) */
  onTextChange?: (text: string) => void;
  /** the text shown at first, e.g. the place of the current search */
  defaultText?: string;
  label?: string;
  placeholder?: string;
}

/**
 * Type a place, pick a suggestion (GET places?q=). When the server cannot search places (for example
 * it answers 404), no suggestions appear and the map and fields still work.
 */
export function PlaceSearch({ onChoose, onTextChange, defaultText = '', label = 'Search for a place', placeholder = 'Area, landmark or city' }: PlaceSearchProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const list = useRef<HTMLUListElement>(null);
  const [text, setText] = useState(defaultText);
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim());
  const places = usePlaces(q);
  const suggestions = open && q.length >= 2 && places.isSuccess ? places.data.slice(0, 6) : [];

  const focusSuggestion = (index: number) => list.current?.querySelectorAll('button')[index]?.focus();

  return (
    <div
      className="relative"
      onBlur={(e) => {
        // focus moved outside the field and its suggestions (a tap elsewhere, Tab past the list): close them
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          autoComplete="off"
          placeholder={placeholder}
          aria-controls={suggestions.length > 0 ? listId : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            onTextChange?.(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && suggestions.length > 0) {
              // the first Escape only closes the suggestions; a search box would also clear what was typed
              e.preventDefault();
              setOpen(false);
            }
            if (e.key === 'ArrowDown' && suggestions.length > 0) {
              e.preventDefault();
              focusSuggestion(0);
            }
          }}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
      </div>
      <p className="sr-only" role="status">
        {suggestions.length ? `${suggestions.length} places found` : ''}
      </p>
      {suggestions.length > 0 && (
        <ul
          ref={list}
          id={listId}
          aria-label="Suggested places"
          className="absolute z-[1100] mt-1 max-h-72 w-full overflow-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              document.getElementById(id)?.focus();
            }
            if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
            e.preventDefault();
            const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
            const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
            if (e.key === 'ArrowUp' && at <= 0) document.getElementById(id)?.focus();
            else focusSuggestion(Math.min(buttons.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)));
          }}
        >
          {suggestions.map((place) => (
            <li key={`${place.name}-${place.lat}-${place.lng}`}>
              <button
                type="button"
                onClick={() => {
                  onChoose(place);
                  setText(place.name);
                  setOpen(false);
                }}
                className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-slate-800 hover:bg-brand-50 focus-visible:bg-brand-50"
              >
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                {place.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
