import type { ManagedListing } from '@parkly/shared/listings';
import { useEffect, useState, type RefObject } from 'react';
import { get, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useCreateListing } from '../api/create-listing';
import { useUpdateListing } from '../api/update-listing';
import type { ListingFormValues } from './listing-form-values';
import { sectionPayload, type FieldErrors } from './section-payload';
import { formPathOfApiField, SECTION_FIELDS, sectionOfApiField, type FormSectionKey } from './sections';

type Form = UseFormReturn<ListingFormValues>;

const belongsTo = (section: FormSectionKey, formPath: string) => SECTION_FIELDS[section].some((f) => formPath === f || formPath.startsWith(`${f}.`));

/** The group error a change to this field answers (a rate switched on answers "switch on at least one rate"). */
function groupOf(top: string) {
  if (top.endsWith('_rate')) return 'root.rates';
  if (top === 'lat' || top === 'lng') return 'root.position';
  if (top === 'opening_hours' || top === 'open_24_7') return 'root.opening_hours';
  return null;
}

/** Brings the first field with an error into view and focus, so a failed save never leaves a person guessing. */
export function focusFirstError(scope: HTMLElement | null) {
  requestAnimationFrame(() => {
    const el = (scope ?? document).querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"], [data-field-error]');
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  });
}

function showErrors(form: Form, errors: FieldErrors, scope: HTMLElement | null) {
  const entries = Object.entries(errors);
  for (const [name, message] of entries) form.setError(name as Path<ListingFormValues>, { type: 'validate', message });
  if (entries.length) focusFirstError(scope);
  return entries.length > 0;
}

/** An error clears as soon as the person changes what it was about. */
function useClearErrorsOnChange(form: Form) {
  useEffect(() => {
    const sub = form.watch((_values, { name }) => {
      if (!name) return;
      const parts = name.split('.');
      const top = parts[0] ?? name;
      const own = top === 'opening_hours' ? parts.slice(0, 3).join('.') : top === 'address' ? name : top;
      const stale = [own, groupOf(top)].filter((n): n is string => n !== null && get(form.formState.errors, n) !== undefined);
      if (stale.length) form.clearErrors(stale as Path<ListingFormValues>[]);
    });
    return () => sub.unsubscribe();
  }, [form]);
}

/**
 * Saves one part of a listing: checks it with the shared schema, then POSTs a new draft (no id yet)
 * or PATCHes only that part's fields. Errors land next to their fields; anything else is `formError`.
 */
export function useSectionSave(form: Form, scope?: RefObject<HTMLElement | null>) {
  const create = useCreateListing();
  const update = useUpdateListing();
  const [formError, setFormError] = useState<string | null>(null);
  useClearErrorsOnChange(form);

  async function save(section: FormSectionKey, listingId: string | null, { complete = false } = {}): Promise<ManagedListing | null> {
    const container = scope?.current ?? null;
    setFormError(null);
    form.clearErrors(SECTION_FIELDS[section] as Path<ListingFormValues>[]);
    const { input, errors } = sectionPayload(section, form.getValues(), { complete });
    if (showErrors(form, errors, container)) return null;
    try {
      return listingId ? await update.mutateAsync({ id: listingId, input }) : await create.mutateAsync(input);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setFormError('Something went wrong. Please try again.');
        return null;
      }
      const mine: FieldErrors = {};
      let elsewhere = false;
      for (const [path, message] of Object.entries(err.errors ?? {})) {
        const formPath = formPathOfApiField(path);
        if (sectionOfApiField(path) === section && belongsTo(section, formPath)) mine[formPath] ??= message;
        else elsewhere = true;
      }
      showErrors(form, mine, container);
      setFormError(Object.keys(mine).length > 0 && !elsewhere ? null : err.message);
      return null;
    }
  }

  return { save, saving: create.isPending || update.isPending, formError, setFormError };
}
