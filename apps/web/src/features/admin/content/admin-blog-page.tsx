import { zodResolver } from '@hookform/resolvers/zod';
import { adminBlogInputSchema, BLOG_STATUS_LABELS, BLOG_STATUSES, type AdminBlog, type AdminBlogInput } from '@parkly/shared/admin-content';
import { formatShortDateTime, fromDateTimeLocal, toDateTimeLocal, zoneLongName } from '@parkly/shared/time';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form-field';
import { ListNotice } from '../../../components/ui/list-notice';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage, AdminPanel, AdminRecord, BackLink } from '../components/admin-page';
import { useCreateBlog } from './api/create-blog';
import { useDeleteBlog } from './api/delete-blog';
import { useAdminBlog } from './api/get-admin-blog';
import { useUpdateBlog } from './api/update-blog';
import { BlogCoverPanel } from './blog-cover-panel';
import { BlogStatusBadge } from './blog-status-badge';
import { ContentTabs } from './content-tabs';
import { MARKDOWN_HINT, MarkdownField } from './markdown-field';

/** /admin/content/blogs/:id (or /new): one post's editor. */
export default function AdminBlogPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const blog = useAdminBlog(id, { enabled: !isNew });
  const title = isNew ? 'New post' : (blog.data?.title ?? 'Blog post');
  return (
    <AdminPage title={title} intro={<BackLink to="/admin/content/blogs">All posts</BackLink>}>
      <ContentTabs />
      {isNew ? (
        <BlogEditor key="new" blog={null} />
      ) : (
        <AdminRecord query={blog} loading="Loading the post" missing="This post does not exist (it may have been deleted).">
          {(data) => <BlogEditor key={data.id} blog={data} />}
        </AdminRecord>
      )}
    </AdminPage>
  );
}


const FIELDS = ['title', 'slug', 'excerpt', 'author', 'body', 'status', 'publish_at'] as const;

const toForm = (blog: AdminBlog | null, zone: string): AdminBlogInput => ({
  title: blog?.title ?? '',
  slug: blog?.slug ?? '',
  excerpt: blog?.excerpt ?? '',
  author: blog?.author ?? '',
  body: blog?.body ?? '',
  status: blog?.status ?? 'draft',
  publish_at: blog?.status === 'scheduled' && blog.published_at ? toDateTimeLocal(blog.published_at, zone) : '',
});

/** The form holds the publish time as a datetime-local value on the market's clock; the API gets an instant. */
function localToIso(value: string | null | undefined, zone: string): string | null {
  if (!value) return null;
  try {
    return fromDateTimeLocal(value, zone);
  } catch {
    return value;
  }
}

function BlogEditor({ blog }: { blog: AdminBlog | null }) {
  const zone = useDefaultTimeZone();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateBlog();
  const update = useUpdateBlog(blog?.id ?? '');
  const remove = useDeleteBlog();
  const statusId = useId();
  const [note, setNote] = useState<string | null>((location.state as { note?: string } | null)?.note ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const noteRef = useRef<HTMLParagraphElement>(null);

  const schemaResolver = zodResolver(adminBlogInputSchema) as unknown as Resolver<AdminBlogInput>;
  const resolver: Resolver<AdminBlogInput> = (values, context, options) =>
    schemaResolver({ ...values, publish_at: values.status === 'scheduled' ? localToIso(values.publish_at, zone) : null }, context, options);
  const form = useForm<AdminBlogInput>({ resolver, defaultValues: toForm(blog, zone) });
  const { errors, isSubmitting } = form.formState;
  const status = form.watch('status');

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    setNote(null);
    try {
      if (!blog) {
        const created = await create.mutateAsync(input);
        await navigate(`/admin/content/blogs/${created.id}`, { replace: true, state: { note: messageFor(created, zone) } });
        return;
      }
      const saved = await update.mutateAsync(input);
      form.reset(toForm(saved, zone));
      setNote(messageFor(saved, zone));
      requestAnimationFrame(() => noteRef.current?.focus());
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  const onDelete = async () => {
    if (!blog) return;
    try {
      await remove.mutateAsync(blog.id);
      await navigate('/admin/content/blogs', { replace: true });
    } catch (err) {
      setConfirmDelete(false);
      setFormError(err instanceof Error ? err.message : 'The post could not be deleted.');
    }
  };

  return (
    <div className="space-y-4">
      {blog && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <BlogStatusBadge status={blog.status} />
          {blog.published_at && <span>{`${blog.status === 'scheduled' ? 'Goes live' : 'Published'} ${formatShortDateTime(blog.published_at, zone)}`}</span>}
          <span>Last edited {formatShortDateTime(blog.updated_at, zone)}</span>
          {blog.status === 'published' && (
            <Link to={`/blogs/blog-detail?slug=${encodeURIComponent(blog.slug)}`} target="_blank" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              View on the site <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </Link>
          )}
        </div>
      )}
      <ListNotice note={note} noteRef={noteRef} error={null} inPanel />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <AdminPanel title="Post">
          <div className="space-y-4">
            <TextField label="Title" error={errors.title?.message} {...form.register('title')} />
            <TextField
              label="Address (slug)"
              hint="Lower-case words joined by dashes; the post is at /blogs/blog-detail?slug=…. Leave it empty to make it from the title."
              error={errors.slug?.message}
              {...form.register('slug')}
            />
            <TextAreaField label="Summary" rows={2} hint="Shown on the blog list and above the post." error={errors.excerpt?.message} {...form.register('excerpt')} />
            <TextField label="Author" error={errors.author?.message} {...form.register('author')} />
          </div>
        </AdminPanel>
        <AdminPanel title="Publishing">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
                Status
              </label>
              <select
                id={statusId}
                aria-invalid={errors.status ? true : undefined}
                className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
                {...form.register('status')}
              >
                {BLOG_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {BLOG_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
              <p className="text-xs text-slate-500">Drafts are never shown on the site; a scheduled post appears at its time.</p>
              {errors.status && <p className="text-sm text-red-700">{errors.status.message}</p>}
            </div>
            {status === 'scheduled' && (
              <TextField
                label="Goes live at"
                type="datetime-local"
                hint={`On the clock of ${zoneLongName(zone)}.`}
                error={errors.publish_at?.message}
                {...form.register('publish_at')}
              />
            )}
          </div>
        </AdminPanel>
        <AdminPanel title="Text">
          <MarkdownField label="Body" rows={18} hint={MARKDOWN_HINT} previewLabel="Preview of the post" value={form.watch('body') ?? ''} error={errors.body?.message} {...form.register('body')} />
        </AdminPanel>
        <FormAlert message={formError} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : blog ? 'Save post' : 'Create post'}
          </Button>
          {blog && (
            <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete post
            </Button>
          )}
        </div>
      </form>
      {blog ? <BlogCoverPanel blog={blog} /> : <p className="text-sm text-slate-600">Create the post first, then add a cover image.</p>}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this post?"
        description={blog ? `“${blog.title}” and its cover image are removed for good, and leave the site at once.` : undefined}
        confirmLabel="Delete post"
        busyLabel="Deleting…"
        busy={remove.isPending}
        danger
        onConfirm={() => void onDelete()}
      />
    </div>
  );
}

function messageFor(blog: AdminBlog, zone: string) {
  if (blog.status === 'draft') return 'Saved as a draft. It is not on the site.';
  if (blog.status === 'scheduled') return `Scheduled: it appears on the site ${formatShortDateTime(blog.published_at!, zone)}.`;
  return 'Published: the post is on the site now.';
}
