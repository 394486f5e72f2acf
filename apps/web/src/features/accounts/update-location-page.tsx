import { zodResolver } from '@hookform/resolvers/zod';
import { locationSchema, type Profile } from '@parkly/shared/accounts';
import { LocateFixed, MapPinned } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LocationPicker } from '../../components/map/location-picker';
import { PlaceSearch } from '../../components/map/place-search';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert, TextField } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { applyServerErrors } from '../../lib/form-errors';
import { locateUser, storedPosition } from '../../lib/geolocation';
import { useProfile } from './api/get-profile';
import { useUpdateLocation } from './api/update-location';
import { SuccessPanel } from './components/success-panel';

const BENGALURU = { lat: 12.9716, lng: 77.5946 };
const FIELDS = ['lat', 'lng', 'label'] as const;
const NO_POSITION = 'We could not get your current location. Allow location access for this site in your browser, or choose the point on the map.';

/** Six decimals is about 10 cm: plenty, and the fields stay readable. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function startPoint(profile: Profile) {
  if (profile.location) return { lat: profile.location.lat, lng: profile.location.lng };
  const stored = storedPosition();
  return stored ? { lat: round(stored.latitude), lng: round(stored.longitude) } : BENGALURU;
}

function LocationForm({ profile }: { profile: Profile }) {
  const save = useUpdateLocation();
  const [start] = useState(() => startPoint(profile));
  const [formError, setFormError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(locationSchema), defaultValues: { ...start, label: profile.location?.label ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const [lat, lng] = useWatch({ control: form.control, name: ['lat', 'lng'] });

  const setPoint = (nextLat: number, nextLng: number) => {
    form.setValue('lat', round(nextLat), { shouldDirty: true, shouldValidate: true });
    form.setValue('lng', round(nextLng), { shouldDirty: true, shouldValidate: true });
    save.reset();
  };

  const locateMe = async () => {
    setLocating(true);
    setLocateError(null);
    const position = await locateUser();
    setLocating(false);
    if (position) setPoint(position.latitude, position.longitude);
    else setLocateError(NO_POSITION);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ ...values, label: values.label || undefined });
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-3">
        <PlaceSearch
          onChoose={(place) => {
            setPoint(place.lat, place.lng);
            if (!form.getValues('label')) form.setValue('label', place.name, { shouldDirty: true });
          }}
        />
        <LocationPicker center={start} point={{ lat, lng }} onPick={setPoint} label="Map: click the map or drag the pin to choose your location" />
        <p className="text-sm text-slate-600">Click the map or drag the pin. If the map does not load, type the coordinates instead.</p>
      </div>
      <div className="space-y-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <Button variant="secondary" className="w-full" onClick={() => void locateMe()} disabled={locating}>
            <LocateFixed aria-hidden="true" className="size-4" />
            {locating ? 'Finding you…' : 'Use my current location'}
          </Button>
          <div aria-live="polite">
            {locateError && <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{locateError}</p>}
          </div>
          <div className="mt-5 grid grid-cols-1 grid-cols-2 gap-3">
            <TextField label="Latitude" type="number" step="any" inputMode="decimal" error={errors.lat?.message} {...form.register('lat', { valueAsNumber: true })} />
            <TextField label="Longitude" type="number" step="any" inputMode="decimal" error={errors.lng?.message} {...form.register('lng', { valueAsNumber: true })} />
          </div>
          <div className="mt-4">
            <TextField label="Label (optional)" placeholder="e.g. Home, Office" maxLength={200} error={errors.label?.message} {...form.register('label')} />
          </div>
          <div className="mt-5 space-y-3">
            <FormAlert message={formError} />
            {save.isSuccess ? (
              <SuccessPanel title="Location saved" message="We will show spaces near this point first.">
                <Link to="/profile" className={buttonClass('primary', 'w-full')}>
                  Back to your profile
                </Link>
              </SuccessPanel>
            ) : (
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? 'Saving…' : 'Save location'}
              </Button>
            )}
          </div>
        </div>
      </div>
    </form>
  );
}

export default function UpdateLocationPage() {
  const profile = useProfile();
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="Your location" />
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-brand-700 text-white">
            <MapPinned className="size-6" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your location</h1>
            <p className="text-slate-600">Set the place you usually park from. We show spaces near it first.</p>
          </div>
        </div>
        <div className="mt-6">
          {profile.data ? (
            <LocationForm key={profile.data.id} profile={profile.data} />
          ) : profile.isError ? (
            <FormAlert message="We could not load your profile. Reload the page to try again." />
          ) : (
            <PageSpinner />
          )}
        </div>
      </div>
    </div>
  );
}
