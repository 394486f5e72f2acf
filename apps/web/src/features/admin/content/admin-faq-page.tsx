import { zodResolver } from '@hookform/resolvers/zod';
import { adminFaqInputSchema, type AdminFaq, type AdminFaqInput } from '@parkly/shared/admin-content';
import { FAQ_CATEGORIES } from '@parkly/shared/content';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { RichText } from '../../../components/rich-text';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { ListNotice } from '../../../components/ui/list-notice';
import { Spinner } from '../../../components/ui/spinner';
import { applyServerErrors } from '../../../lib/form-errors';
import { AdminPage, AdminPanel } from '../components/admin-page';
import { useCreateFaq } from './api/create-faq';
import { useDeleteFaq } from './api/delete-faq';
import { useAdminFaqs } from './api/get-admin-faqs';
import { useReorderFaqs } from './api/reorder-faqs';
import { useUpdateFaq } from './api/update-faq';
import { ContentTabs } from './content-tabs';
import { MARKDOWN_HINT, MarkdownField } from './markdown-field';

/** The entries grouped by category, in the order the API answers (the public FAQ's order). */
function byCategory(faqs: AdminFaq[]) {
  const groups = new Map<string, AdminFaq[]>();
  for (const f of faqs) groups.set(f.category, [...(groups.get(f.category) ?? []), f]);
  return [...groups.entries()];
}

/**
 * /admin/content/faq: the FAQ by category; add, edit, move within a category, delete. `?question=`
 * opens a new entry with that question (the support inbox links here for a question the bot missed).
 */
export default function AdminFaqPage() {
  const faqs = useAdminFaqs();
  const [params, setParams] = useSearchParams();
  const prefill = params.get('question');
  const [editing, setEditing] = useState<string | null>(prefill !== null ? 'new' : null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminFaq | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const reorder = useReorderFaqs();
  const remove = useDeleteFaq();

  const done = (message: string) => {
    setEditing(null);
    setError(null);
    setNote(message);
    if (prefill !== null) setParams({}, { replace: true });
    requestAnimationFrame(() => noteRef.current?.focus());
  };
  const move = async (list: AdminFaq[], from: number, to: number) => {
    const ids = list.map((f) => f.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setNote(null);
    try {
      await reorder.mutateAsync({ category: list[0]!.category, ids });
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The order could not be saved.');
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setDeleting(null);
      done('The question was deleted from the FAQ.');
    } catch (err) {
      setDeleting(null);
      setError(err instanceof Error ? err.message : 'The question could not be deleted.');
    }
  };

  const categories = [...new Set([...FAQ_CATEGORIES, ...(faqs.data ?? []).map((f) => f.category)])];
  return (
    <AdminPage title="Content" intro="Edit the site’s pages, the FAQ and the blog. Saved changes show on the site at once.">
      <ContentTabs />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Frequently asked questions</h2>
        {editing !== 'new' && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" /> Add a question
          </Button>
        )}
      </div>
      <ListNotice note={note} noteRef={noteRef} error={error} inPanel />
      {editing === 'new' && (
        <AdminPanel title="New question" className="mt-4">
          <FaqForm
            categories={categories}
            initial={{ category: FAQ_CATEGORIES[0], question: prefill ?? '', answer: '' }}
            onDone={() => done('The question was added to the FAQ.')}
            onCancel={() => setEditing(null)}
          />
        </AdminPanel>
      )}
      <div className="mt-4 space-y-4">
        {faqs.isPending ? (
          <Spinner label="Loading the FAQ" />
        ) : faqs.isError ? (
          <FormAlert message={faqs.error.message} />
        ) : (
          byCategory(faqs.data).map(([category, list]) => (
            <AdminPanel key={category} title={category}>
              <ol className="divide-y divide-slate-100">
                {list.map((faq, i) => (
                  <li key={faq.id} className="py-3">
                    {editing === faq.id ? (
                      <FaqForm categories={categories} initial={faq} id={faq.id} onDone={() => done('The question was saved.')} onCancel={() => setEditing(null)} />
                    ) : (
                      <FaqRow
                        faq={faq}
                        first={i === 0}
                        last={i === list.length - 1}
                        busy={reorder.isPending}
                        onEdit={() => setEditing(faq.id)}
                        onUp={() => void move(list, i, i - 1)}
                        onDown={() => void move(list, i, i + 1)}
                        onDelete={() => setDeleting(faq)}
                      />
                    )}
                  </li>
                ))}
              </ol>
            </AdminPanel>
          ))
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this question?"
        description={deleting ? `“${deleting.question}” leaves the FAQ and the help assistant at once.` : undefined}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending}
        danger
        onConfirm={() => void confirmDelete()}
      />
    </AdminPage>
  );
}

function FaqRow(props: { faq: AdminFaq; first: boolean; last: boolean; busy: boolean; onEdit: () => void; onUp: () => void; onDown: () => void; onDelete: () => void }) {
  const { faq } = props;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <details className="min-w-0 flex-1">
        <summary className="cursor-pointer font-medium break-words text-slate-900">{faq.question}</summary>
        <RichText text={faq.answer} className="text-sm" />
      </details>
      <div className="flex shrink-0 flex-wrap gap-1">
        <Button variant="ghost" className="px-2" disabled={props.first || props.busy} onClick={props.onUp} aria-label={`Move up: ${faq.question}`}>
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="ghost" className="px-2" disabled={props.last || props.busy} onClick={props.onDown} aria-label={`Move down: ${faq.question}`}>
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="secondary" onClick={props.onEdit} aria-label={`Edit: ${faq.question}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </Button>
        <Button variant="ghost" onClick={props.onDelete} aria-label={`Delete: ${faq.question}`}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </Button>
      </div>
    </div>
  );
}

const FIELDS = ['category', 'question', 'answer'] as const;

function FaqForm({ categories, initial, id, onDone, onCancel }: { categories: string[]; initial: AdminFaqInput; id?: string; onDone: () => void; onCancel: () => void }) {
  const create = useCreateFaq();
  const update = useUpdateFaq();
  const listId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminFaqInput>({ resolver: zodResolver(adminFaqInputSchema), defaultValues: { category: initial.category, question: initial.question, answer: initial.answer } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (id) await update.mutateAsync({ id, ...values });
      else await create.mutateAsync(values);
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField label="Category" list={listId} hint="Pick one or type a new category." error={errors.category?.message} {...form.register('category')} />
      <datalist id={listId}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField label="Question" error={errors.question?.message} {...form.register('question')} />
      <MarkdownField label="Answer" rows={5} hint={MARKDOWN_HINT} previewLabel="Preview of the answer" value={form.watch('answer') ?? ''} error={errors.answer?.message} {...form.register('answer')} />
      <FormAlert message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : id ? 'Save question' : 'Add to the FAQ'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
