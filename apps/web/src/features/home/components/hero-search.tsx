import { LocateFixed, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PlaceSearch } from '../../../components/map/place-search';
import { Button } from '../../../components/ui/button';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { searchPlaces, type Place } from '../../../lib/places';
import { defaultWhen, WhenFields, whenToWindow, type WhenValue } from '../../../components/search/when-fields';
import { searchHref } from '../../../lib/search-state';

type Where = { name: string; lat: number; lng: number };

/**
 * Where (a place from GET places, or "near me") and when (hourly, daily or monthly), leading to
 * /parking with the search in its URL.
 */
export function HeroSearch() {
  const navigate = useNavigate();
  const [where, setWhere] = useState<Where | null>(null);
  const [typed, setTyped] = useState('');
  // a search has no place zone of its own: its times are on the configured zone's clock
  const timeZone = useDefaultTimeZone();
  const [when, setWhen] = useState<WhenValue>(() => defaultWhen(timeZone));
  const [whereError, setWhereError] = useState<string>();
  const [whenError, setWhenError] = useState<string>();
  const [busy, setBusy] = useState<'locating' | 'searching' | null>(null);

  const go = (place: Where, window: { start: string; end: string }) =>
    navigate(searchHref({ place: place.name, lat: place.lat, lng: place.lng, when: when.mode, ...window }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const window = whenToWindow(when, timeZone);
    setWhenError('error' in window ? window.error : undefined);
    let place = where;
    if (!place && typed.trim().length >= 2) {
      // typed but not picked: take the best match, as a person pressing Enter expects
      setBusy('searching');
      const found: Place | undefined = await searchPlaces(typed.trim()).then((r) => r[0], () => undefined);
      setBusy(null);
      if (found) place = { name: found.name, lat: found.lat, lng: found.lng };
    }
    setWhereError(place ? undefined : typed.trim() ? `No place found for "${typed.trim()}". Try a city or area.` : 'Type a place or use Near me');
    if (place && !('error' in window)) void go(place, window);
  };

  const nearMe = async () => {
    setBusy('locating');
    // the code that asks the browser loads on the tap: a first visit has no use for it (decision 041)
    const position = await import('../../../lib/geolocation').then(({ locateUser }) => locateUser(), () => null);
    setBusy(null);
    if (!position) {
      setWhereError('We could not get your location. Type a place instead.');
      return;
    }
    const place = { name: 'Near me', lat: position.latitude, lng: position.longitude };
    setWhere(place);
    setWhereError(undefined);
    const window = whenToWindow(when, timeZone);
    if ('error' in window) setWhenError(window.error);
    else void go(place, window);
  };

  return (
    <form
      role="search"
      aria-label="Find parking"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="rounded-2xl bg-white p-4 text-slate-900 shadow-xl ring-1 ring-black/5 sm:p-5"
    >
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <PlaceSearch
            label="Where"
            placeholder="City or area"
            onChoose={(p) => {
              setWhere({ name: p.name, lat: p.lat, lng: p.lng });
              setWhereError(undefined);
            }}
            onTextChange={(text) => {
              setTyped(text);
              setWhere(null);
              setWhereError(undefined);
            }}
          />
        </div>
        <Button variant="secondary" className="min-h-[2.875rem] shrink-0" onClick={() => void nearMe()} disabled={busy !== null}>
          <LocateFixed aria-hidden="true" className="size-4" />
          {busy === 'locating' ? 'Locating…' : 'Near me'}
        </Button>
      </div>
      {whereError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {whereError}
        </p>
      )}
      <div className="mt-4">
        <WhenFields value={when} onChange={setWhen} error={whenError} timeZone={timeZone} />
      </div>
      <Button type="submit" className="mt-5 min-h-12 w-full text-base" disabled={busy !== null}>
        <Search aria-hidden="true" className="size-5" /> {busy === 'searching' ? 'Searching…' : 'Search parking'}
      </Button>
    </form>
  );
}
