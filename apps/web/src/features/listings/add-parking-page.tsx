import type { ManagedListing } from '@parkly/shared/listings';
import { useQueryClient } from '@tanstack/react-query';
import { CloudCheck } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useDefaultTimeZone } from '../../lib/use-default-time-zone';
import { isListingNotFound, managedListingQueryOptions, useManagedListing } from './api/get-managed-listing';
import { usePublishListing } from './api/publish-listing';
import { PhotoManager } from './components/photo-manager';
import { GroupError } from './form/field-parts';
import { formValuesOf, type ListingFormValues } from './form/listing-form-values';
import { ListingNotFound } from './form/listing-not-found';
import { MissingList } from './form/missing-list';
import { ReviewSummary } from './form/review-summary';
import { SECTION_FIELDS_COMPONENTS } from './form/section-fields';
import { isSectionKey, SECTIONS, sectionIndex, sectionOfApiField, type FormSectionKey, type SectionKey } from './form/sections';
import { StepProgress } from './form/step-progress';
import { focusFirstError, useSectionSave } from './form/use-section-save';
import { WizardBar } from './form/wizard-bar';

const HEADING_ID = 'wizard-step-heading';
const isFormSection = (s: SectionKey): s is FormSectionKey => s !== 'photos' && s !== 'review';
const stepHref = (id: string, step: SectionKey, back?: 'review') => `/add_parking?id=${encodeURIComponent(id)}&step=${step}${back ? `&back=${back}` : ''}`;

/** Where a host coming back to a draft picks up: the first step that still lacks something, else the review. */
function resumeStep(listing: ManagedListing): SectionKey {
  const lacking = new Set(Object.keys(listing.missing).map(sectionOfApiField));
  return SECTIONS.find((s) => lacking.has(s.key))?.key ?? 'review';
}

interface WizardProps {
  listing: ManagedListing | null;
  step: SectionKey;
  /** opened from the review's Edit link: Next goes straight back to the review */
  backToReview?: boolean;
  onCreated: (id: string) => void;
}

function Wizard({ listing, step, backToReview = false, onCreated }: WizardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const values = useMemo(() => (listing ? formValuesOf(listing) : undefined), [listing]);
  // a new listing starts in the configured zone; the host may pick another in the availability step
  const defaultTimeZone = useDefaultTimeZone();
  const form = useForm<ListingFormValues>({ defaultValues: formValuesOf(null, defaultTimeZone), values, resetOptions: { keepDirtyValues: true } });
  const card = useRef<HTMLFormElement>(null);
  const { save, saving, formError, setFormError } = useSectionSave(form, card);
  const publish = usePublishListing();
  const [publishMissing, setPublishMissing] = useState<Record<string, string> | null>(null);
  const [checkingPhotos, setCheckingPhotos] = useState(false);

  const id = listing?.id ?? null;
  const index = sectionIndex(step);
  const meta = SECTIONS[index]!;
  const hrefOf = id ? (s: SectionKey) => stepHref(id, s) : null;
  const incomplete = useMemo(() => new Set(Object.keys(listing?.missing ?? {}).map(sectionOfApiField)), [listing]);

  // a new step is announced by moving focus to its heading (not on the first render of the page)
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    document.getElementById(HEADING_ID)?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (s: SectionKey) => id && navigate(stepHref(id, s));

  const next = async () => {
    setFormError(null);
    if (isFormSection(step)) {
      const saved = await save(step, id, { complete: true });
      if (!saved) return;
      const following = backToReview ? 'review' : SECTIONS[index + 1]!.key;
      if (id) goTo(following);
      else {
        // the draft exists now: its id goes into the address, so leaving and coming back resumes it
        onCreated(saved.id);
        navigate(stepHref(saved.id, following), { replace: true });
      }
      return;
    }
    if (step === 'photos' && id) {
      setCheckingPhotos(true);
      const fresh = listing?.photos.length ? listing : await queryClient.fetchQuery({ ...managedListingQueryOptions(id), staleTime: 0 }).catch(() => null);
      setCheckingPhotos(false);
      if (!fresh?.photos.length) {
        form.setError('root.photos', { type: 'validate', message: 'Add at least one photo to continue. A photo of the entrance and one of the spot work best.' });
        focusFirstError(card.current);
        return;
      }
      goTo(backToReview ? 'review' : 'pricing');
      return;
    }
    if (step === 'review' && id) {
      setPublishMissing(null);
      // a live listing was only being edited: there is nothing to publish, so go back to managing it
      if (listing?.status === 'active') {
        navigate(`/Manage_parking?id=${encodeURIComponent(id)}`);
        return;
      }
      try {
        await publish.mutateAsync(id);
        navigate(`/parking_Complete?id=${encodeURIComponent(id)}`);
      } catch (err) {
        if (err instanceof ApiError && err.errors && Object.keys(err.errors).length) {
          setPublishMissing(err.errors);
          focusFirstError(card.current);
          void queryClient.invalidateQueries({ queryKey: managedListingQueryOptions(id).queryKey });
        } else setFormError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
      }
    }
  };

  // keeps what this step holds (no completeness asked), then leaves; the draft resumes from My Listing
  const saveAndExit = async () => {
    if (isFormSection(step) && !(await save(step, id))) return;
    navigate('/my-listing');
  };

  // "add a photo" is about having none: it goes the moment one is uploaded, not at the next Next
  const photosError = listing?.photos.length ? undefined : form.formState.errors.root?.photos?.message;

  const Fields = isFormSection(step) ? SECTION_FIELDS_COMPONENTS[step] : null;
  const live = listing?.status === 'active';
  const primary = step === 'review' ? (live ? 'Done' : 'Publish listing') : backToReview ? 'Save and review' : 'Next';
  const busy = saving || publish.isPending || checkingPhotos;

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-6xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8 sm:pb-12">
        <DocumentTitle title={`${meta.title} · List your space`} />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h1 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{id ? 'Your listing' : 'List your space'}</h1>
          {id && (
            <div className="flex items-center gap-3">
              <p className="hidden items-center gap-1.5 text-sm text-slate-600 sm:flex" role="status">
                <CloudCheck aria-hidden="true" className="size-4 text-brand-700" /> {saving ? 'Saving…' : listing?.status === 'draft' ? 'Draft saved' : 'Changes saved'}
              </p>
              <Button variant="ghost" className="min-h-11 px-3 text-brand-800" onClick={() => void saveAndExit()} disabled={busy}>
                Save and exit
              </Button>
            </div>
          )}
        </div>

        <div className="mt-3 grid grid-cols-1 gap-5 lg:mt-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
          <StepProgress current={step} hrefOf={hrefOf} incomplete={incomplete} />
          <FormProvider {...form}>
            <form
              ref={card}
              noValidate
              aria-labelledby={HEADING_ID}
              onSubmit={(e) => {
                e.preventDefault();
                void next();
              }}
              className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:p-8"
            >
              <h2 id={HEADING_ID} tabIndex={-1} className="text-xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-2xl">
                {meta.heading}
              </h2>
              <p className="mt-1 mb-6 text-slate-600">{meta.intro}</p>

              {Fields && <Fields />}
              {step === 'photos' && id && (
                <div className="space-y-3">
                  <PhotoManager listingId={id} />
                  <GroupError message={photosError} />
                </div>
              )}
              {step === 'review' && listing && hrefOf && (
                <div className="space-y-4">
                  {publishMissing ? (
                    <MissingList alert title="Before publishing, please add:" missing={publishMissing} hrefOf={hrefOf} />
                  ) : (
                    <MissingList title="Still needed before you can publish:" missing={listing.missing} hrefOf={hrefOf} />
                  )}
                  <ReviewSummary listing={listing} editHref={(s) => stepHref(listing.id, s, 'review')} />
                </div>
              )}

              <div className="mt-6">
                <FormAlert message={formError} />
              </div>
              <WizardBar
                onBack={index > 0 ? () => goTo(SECTIONS[index - 1]!.key) : null}
                primaryLabel={primary}
                busyLabel={step === 'review' ? 'Publishing…' : 'Saving…'}
                busy={busy}
                final={step === 'review'}
              />
            </form>
          </FormProvider>
        </div>
      </div>
    </div>
  );
}

/**
 * /add_parking: the listing wizard. Step 1's Next creates a draft and puts its id in the address;
 * every later step saves only its own fields. /add_parking?id= resumes at the first incomplete step.
 */
export default function AddParkingPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const stepParam = params.get('step');
  const query = useManagedListing(id);
  // A new form for each listing opened here, except the draft just created on this page: it keeps
  // its form (and focus) when its id arrives in the address.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [session, setSession] = useState({ id, n: 0 });
  if (session.id !== id) setSession({ id, n: id !== null && id === createdId ? session.n : session.n + 1 });
  const key = String(session.n);

  if (!id) return <Wizard key={key} listing={null} step="type" onCreated={setCreatedId} />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isListingNotFound(query.error)) return <ListingNotFound />;
    return (
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-16 text-center">
        <FormAlert message="We could not load your listing. Check your connection and try again." />
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!isSectionKey(stepParam)) return <Navigate replace to={stepHref(id, resumeStep(query.data))} />;
  return <Wizard key={key} listing={query.data} step={stepParam} backToReview={params.get('back') === 'review'} onCreated={setCreatedId} />;
}
