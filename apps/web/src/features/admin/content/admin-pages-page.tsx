import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_PAGE_ORDER, adminPageFormSchema, PAGE_LABELS, type AdminPage, type AdminPageUpdate } from '@parkly/shared/admin-content';
import { PAGE_NAMES, type PageName } from '@parkly/shared/content';
import { formatShortDateTime } from '@parkly/shared/time';
import { ArrowDown, ArrowUp, ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { ListNotice } from '../../../components/ui/list-notice';
import { Spinner } from '../../../components/ui/spinner';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage as AdminScreen, AdminPanel } from '../components/admin-page';
import { useAdminPage } from './api/get-admin-page';
import { useSaveAdminPage } from './api/save-admin-page';
import { ContentTabs } from './content-tabs';
import { MARKDOWN_HINT, MarkdownField } from './markdown-field';

/** Where visitors see each page's text. */
const PUBLIC_PATHS: Record<PageName, string> = {
  aboutus: '/aboutus',
  work: '/work',
  privacy: '/privacy',
  terms_and_condition: '/terms_and_condition',
  contact: '/contact',
  support: '/contact',
  footer: '/',
};

const HELP: Partial<Record<PageName, string>> = {
  support: 'The support e-mail, phone, office address and hours: shown in the footer and on the Contact page, and given by the help assistant.',
  footer: 'The footer’s About text and the addresses of the social links (https only).',
};

const isPageName = (s: string | null): s is PageName => (PAGE_NAMES as readonly string[]).includes(s ?? '');

/** /admin/content?page=aboutus: the text of one content page, section by section. */
export default function AdminPagesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('page');
  const page: PageName = isPageName(requested) ? requested : 'aboutus';
  const current = useAdminPage(page);
  const selectId = useId();
  return (
    <AdminScreen title="Content" intro="Edit the site’s pages, the FAQ and the blog. Saved changes show on the site at once.">
      <ContentTabs />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            Page
          </label>
          <select
            id={selectId}
            value={page}
            onChange={(e) => setParams({ page: e.target.value }, { replace: true })}
            className="block min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
          >
            {ADMIN_PAGE_ORDER.map((p) => (
              <option key={p} value={p}>
                {PAGE_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <Link to={PUBLIC_PATHS[page]} target="_blank" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          View on the site <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </Link>
      </div>
      {HELP[page] && <p className="mt-3 text-sm text-slate-600">{HELP[page]}</p>}
      <div className="mt-6">
        {current.isPending ? (
          <Spinner label="Loading the page" />
        ) : current.isError ? (
          <FormAlert message={current.error.message} />
        ) : (
          // a new form for each page, so its fields start from what is stored
          <PageEditor key={page} page={current.data} />
        )}
      </div>
    </AdminScreen>
  );
}

const FIELDS = ['entries'];

function PageEditor({ page }: { page: AdminPage }) {
  const zone = useDefaultTimeZone();
  const save = useSaveAdminPage(page.page_name);
  const [note, setNote] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<AdminPageUpdate>({ resolver: zodResolver(adminPageFormSchema(page.page_name)), defaultValues: { entries: page.entries } });
  const entries = useFieldArray({ control: form.control, name: 'entries' });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch('entries');

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    setNote(null);
    try {
      const saved = await save.mutateAsync(input);
      form.reset({ entries: saved.entries });
      setNote(`${page.label} saved. The site shows the new text now.`);
      requestAnimationFrame(() => noteRef.current?.focus());
    } catch (err) {
      const fields = [...FIELDS, ...values.flatMap((_, i) => [`entries.${i}.entry_key`, `entries.${i}.page_title`, `entries.${i}.page_description`])];
      setFormError(applyServerErrors(err, form.setError, fields));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {page.updated_at && <p className="text-sm text-slate-600">Last changed {formatShortDateTime(page.updated_at, zone)}</p>}
      <ListNotice note={note} noteRef={noteRef} error={null} inPanel />
      {entries.fields.map((field, i) => {
        const fieldErrors = errors.entries?.[i];
        const title = values[i]?.page_title || values[i]?.entry_key || `Section ${i + 1}`;
        return (
          <AdminPanel key={field.id} title={`${i + 1}. ${title}`}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Key"
                readOnly={page.fixed}
                hint={page.fixed ? 'The site reads this section by its key.' : 'Lower-case letters and digits, joined by - or _.'}
                error={fieldErrors?.entry_key?.message}
                {...form.register(`entries.${i}.entry_key`)}
              />
              <TextField label="Title" error={fieldErrors?.page_title?.message} {...form.register(`entries.${i}.page_title`)} />
            </div>
            <div className="mt-4">
              <MarkdownField
                label="Text"
                rows={page.page_name === 'support' || page.page_name === 'footer' ? 3 : 8}
                hint={MARKDOWN_HINT}
                previewLabel={`Preview of ${title}`}
                value={values[i]?.page_description ?? ''}
                error={fieldErrors?.page_description?.message}
                {...form.register(`entries.${i}.page_description`)}
              />
            </div>
            {!page.fixed && (
              <div className="mt-4 flex flex-wrap gap-2">
                <Button variant="secondary" disabled={i === 0} onClick={() => entries.move(i, i - 1)} aria-label={`Move ${title} up`}>
                  <ArrowUp aria-hidden="true" className="size-4" /> Up
                </Button>
                <Button variant="secondary" disabled={i === entries.fields.length - 1} onClick={() => entries.move(i, i + 1)} aria-label={`Move ${title} down`}>
                  <ArrowDown aria-hidden="true" className="size-4" /> Down
                </Button>
                <Button variant="ghost" disabled={entries.fields.length === 1} onClick={() => entries.remove(i)} aria-label={`Remove ${title}`}>
                  <Trash2 aria-hidden="true" className="size-4" /> Remove
                </Button>
              </div>
            )}
          </AdminPanel>
        );
      })}
      <FormAlert message={errors.entries?.message ?? errors.entries?.root?.message ?? formError} />
      <div className="flex flex-wrap gap-3">
        {!page.fixed && (
          <Button variant="secondary" onClick={() => entries.append({ entry_key: `section-${entries.fields.length + 1}`, page_title: '', page_description: '' })}>
            <Plus aria-hidden="true" className="size-4" /> Add a section
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : `Save ${page.label}`}
        </Button>
      </div>
    </form>
  );
}
