import { zodResolver } from '@hookform/resolvers/zod';
import { unitInputSchema, type ListingUnit } from '@parkly/shared/listings';
import { LISTING_LIMITS } from '@parkly/shared/listing-options';
import { CircleAlert, Plus, SquareParking, Trash2 } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAddListingUnit } from '../api/add-listing-unit';
import { useListingUnits } from '../api/get-listing-units';
import { useRemoveListingUnit } from '../api/remove-listing-unit';

type UnitInput = z.input<typeof unitInputSchema>;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/** Submits on Enter without a <form>: the wizard may render this inside its own form, and forms cannot nest. */
const onEnter = (submit: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    submit();
  }
};

function UnitRow({ unit, canRemove, listingId, onRemoved }: { unit: ListingUnit; canRemove: boolean; listingId: string; onRemoved: (label: string) => void }) {
  const remove = useRemoveListingUnit();
  return (
    <li className="px-3 py-2.5 sm:px-4">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <SquareParking className="size-5" />
        </span>
        <span className="min-w-0 flex-1 font-medium break-words text-slate-900">{unit.label}</span>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          aria-label={`Remove ${unit.label}`}
          disabled={!canRemove || remove.isPending}
          onClick={() => remove.mutate({ listingId, unitId: unit.id }, { onSuccess: () => onRemoved(unit.label) })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{remove.isPending ? 'Removing…' : 'Remove'}</span>
        </Button>
      </div>
      {remove.error && (
        <p role="alert" className="mt-2 flex gap-1.5 text-sm text-red-700 sm:ml-12">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {messageOf(remove.error)}
        </p>
      )}
    </li>
  );
}

/**
 * The listing's individual spaces ('Space 1', 'Bay B2', …): each can be booked on its own, so
 * their number is the listing's capacity. Add one with a label; remove one that has no upcoming
 * booking (the server says so when it has).
 */
export function UnitsManager({ listingId }: { listingId: string }) {
  const units = useListingUnits(listingId);
  const add = useAddListingUnit();
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const form = useForm<UnitInput>({ resolver: zodResolver(unitInputSchema), defaultValues: { label: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ label }) => {
    setFormError(null);
    try {
      const unit = await add.mutateAsync({ listingId, label: label.trim() });
      form.reset({ label: '' });
      setAnnouncement(`${unit.label} added`);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, ['label']));
    }
  });

  if (units.isPending) return <Spinner label="Loading spaces" />;
  if (units.isError) return <FormAlert message={`We could not load the spaces: ${messageOf(units.error)}`} />;

  const list = units.data;
  const full = list.length >= LISTING_LIMITS.capacityMax;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {list.length === 1 ? 'One space: one driver at a time.' : `${list.length} spaces: up to ${list.length} drivers can park at the same time.`}
      </p>
      <ul aria-label="Spaces" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {list.map((unit) => (
          <UnitRow key={unit.id} unit={unit} listingId={listingId} canRemove={list.length > 1} onRemoved={(label) => setAnnouncement(`${label} removed`)} />
        ))}
      </ul>
      {list.length === 1 && <p className="text-xs text-slate-600">A listing needs at least one space, so the last one cannot be removed.</p>}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {!full && (
        <div className="space-y-3">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <TextField
                label="Add a space"
                placeholder="For example: Bay B2"
                maxLength={LISTING_LIMITS.unitLabelMax}
                autoComplete="off"
                error={errors.label?.message}
                onKeyDown={onEnter(() => void submit())}
                {...form.register('label')}
              />
            </div>
            <Button variant="secondary" className="mt-7 shrink-0" disabled={isSubmitting} onClick={() => void submit()}>
              <Plus aria-hidden="true" className="size-4" />
              {isSubmitting ? 'Adding…' : 'Add'}
            </Button>
          </div>
          <FormAlert message={formError} />
        </div>
      )}
    </div>
  );
}
