import type { ManagedListing } from '@parkly/shared/listings';
import { CircleCheck } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { formValuesOf, type ListingFormValues } from './listing-form-values';
import { SECTION_FIELDS_COMPONENTS } from './section-fields';
import { SECTIONS, type FormSectionKey, type SectionKey } from './sections';
import { useSectionSave } from './use-section-save';

/** The frame of one part of Manage parking: a card with an anchor, a heading and its contents. */
export function SectionFrame({ section, title, intro, children }: { section: SectionKey | string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={`section-${section}`} aria-labelledby={`section-${section}-title`} className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`section-${section}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * One part of a listing as its own form with its own Save (PATCH of only its fields). It follows
 * changes made elsewhere (units, photos) without losing what the host is typing.
 */
export function SectionForm({ section, listing }: { section: FormSectionKey; listing: ManagedListing }) {
  const meta = SECTIONS.find((s) => s.key === section)!;
  const values = useMemo(() => formValuesOf(listing), [listing]);
  const form = useForm<ListingFormValues>({ values, resetOptions: { keepDirtyValues: true } });
  const ref = useRef<HTMLFormElement>(null);
  const { save, saving, formError } = useSectionSave(form, ref);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const Fields = SECTION_FIELDS_COMPONENTS[section];
  // a listing guests can see must stay complete: ask for the same things the server will
  const complete = listing.status === 'active' || listing.status === 'paused';

  return (
    <SectionFrame section={section} title={meta.title}>
      <FormProvider {...form}>
        <form
          ref={ref}
          noValidate
          aria-label={meta.title}
          onSubmit={async (e) => {
            e.preventDefault();
            setSavedAt(null);
            const saved = await save(section, listing.id, { complete });
            if (saved) {
              form.reset(formValuesOf(saved));
              setSavedAt(Date.now());
            }
          }}
        >
          <Fields />
          <div className="mt-6 space-y-3">
            <FormAlert message={formError} />
            <div className="flex flex-wrap items-center justify-end gap-3">
              <p role="status" className="text-sm text-emerald-800">
                {savedAt && !form.formState.isDirty && (
                  <span className="inline-flex items-center gap-1.5">
                    <CircleCheck aria-hidden="true" className="size-4" /> Saved
                  </span>
                )}
              </p>
              <Button type="submit" className="min-h-11 px-6" disabled={saving}>
                {saving ? 'Saving…' : `Save ${meta.name.toLowerCase()}`}
              </Button>
            </div>
          </div>
        </form>
      </FormProvider>
    </SectionFrame>
  );
}
