import { LocateFixed, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LocationPicker } from '../../../components/map/location-picker';
import { PlaceSearch } from '../../../components/map/place-search';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { locateUser, storedPosition } from '../../../lib/geolocation';
import type { Place } from '../../../lib/places';
import { GroupError } from './field-parts';
import type { ListingFormValues } from './listing-form-values';

const BENGALURU = { lat: 12.9716, lng: 77.5946 };
const NO_POSITION = 'We could not get your location. Allow location access for this site in your browser, or search for the place and drag the pin.';

/** Six decimals is about 10 cm: plenty, and the fields stay readable. */
const round = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** Where the map opens before a point is chosen: the host's last known position, else Bengaluru. */
function startCenter() {
  const stored = storedPosition();
  return stored ? { lat: stored.latitude, lng: stored.longitude } : BENGALURU;
}

/** Step 2: the address, and the exact point (place search, current location, or the pin). */
export function LocationSection() {
  const { register, control, setValue, getValues, formState } = useFormContext<ListingFormValues>();
  const errors = formState.errors;
  const [lat, lng] = useWatch({ control, name: ['lat', 'lng'] });
  const [center] = useState(startCenter);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const point = lat.trim() && lng.trim() ? { lat: Number(lat), lng: Number(lng) } : null;

  const setPoint = (nextLat: number, nextLng: number) => {
    setValue('lat', round(nextLat), { shouldDirty: true });
    setValue('lng', round(nextLng), { shouldDirty: true });
  };

  /** Fills the empty address fields from a chosen place ('Koramangala, Bengaluru'), never overwriting what was typed. */
  const choosePlace = (place: Place) => {
    setPoint(place.lat, place.lng);
    const fill = (field: 'locality' | 'city' | 'state', value: string | null | undefined) => {
      if (value && !getValues(`address.${field}`).trim()) setValue(`address.${field}`, value, { shouldDirty: true });
    };
    if (place.kind === 'locality') fill('locality', place.name.split(',')[0]?.trim());
    fill('city', place.city);
    fill('state', place.state);
  };

  const locateMe = async () => {
    setLocating(true);
    setLocateError(null);
    const position = await locateUser();
    setLocating(false);
    if (position) setPoint(position.latitude, position.longitude);
    else setLocateError(NO_POSITION);
  };

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <fieldset className="space-y-4">
        <legend className="mb-4 text-base font-semibold text-slate-900">Address</legend>
        <TextField label="Street address" autoComplete="address-line1" placeholder="House or building, street" error={errors.address?.line1?.message} {...register('address.line1')} />
        <TextField label="Locality or area" autoComplete="address-level3" placeholder="e.g. Koramangala 5th Block" error={errors.address?.locality?.message} {...register('address.locality')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="City" autoComplete="address-level2" error={errors.address?.city?.message} {...register('address.city')} />
          <TextField label="State" autoComplete="address-level1" error={errors.address?.state?.message} {...register('address.state')} />
        </div>
        <div className="max-w-44">
          <TextField label="PIN code" autoComplete="postal-code" inputMode="numeric" maxLength={7} error={errors.address?.postal_code?.message} {...register('address.postal_code')} />
        </div>
        <p className="text-sm text-slate-600">Only guests with a confirmed booking see the street address. Everyone else sees the locality and an area on the map.</p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-4 text-base font-semibold text-slate-900">Pin on the map</legend>
        <PlaceSearch onChoose={choosePlace} label="Find the area" placeholder="Locality, landmark or city" />
        <Button variant="secondary" className="min-h-11 w-full" onClick={() => void locateMe()} disabled={locating}>
          <LocateFixed aria-hidden="true" className="size-4" />
          {locating ? 'Finding you…' : 'Use my location'}
        </Button>
        <div aria-live="polite">{locateError && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{locateError}</p>}</div>
        <LocationPicker center={center} point={point} onPick={setPoint} label="Map: tap the map or drag the pin to the entrance of your space" className="h-64 sm:h-80" />
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {point ? 'Drag the pin to the entrance, so drivers find it first time.' : 'Tap the map where the entrance is, or search above.'}
        </p>
        <GroupError message={errors.root?.position?.message} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Latitude" inputMode="decimal" placeholder="12.9716" error={errors.lat?.message} {...register('lat')} />
          <TextField label="Longitude" inputMode="decimal" placeholder="77.5946" error={errors.lng?.message} {...register('lng')} />
        </div>
      </fieldset>
    </div>
  );
}
