import type { AdminBlog } from '@parkly/shared/admin-content';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@parkly/shared/constants';
import { ImageOff } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { AdminPanel } from '../components/admin-page';
import { useBlogCover } from './api/blog-cover';

/** The post's cover: what it is now, a new upload (checked and re-encoded by the server), or none. */
export function BlogCoverPanel({ blog }: { blog: AdminBlog }) {
  const cover = useBlogCover(blog.id);
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const busy = cover.upload.isPending || cover.remove.isPending;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    // the server judges the type by the bytes; this only saves a pointless upload
    if (file.size > MAX_UPLOAD_BYTES) return setError('The file is too large (at most 10 MB).');
    try {
      await cover.upload.mutateAsync(file);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The image could not be uploaded.');
    }
  };
  const onRemove = async () => {
    setError(null);
    try {
      await cover.remove.mutateAsync();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The cover could not be removed.');
    }
  };

  return (
    <AdminPanel title="Cover image">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {blog.cover_image ? (
          <img src={blog.cover_image} alt="The current cover" className="aspect-[16/9] w-full max-w-sm rounded-lg border border-slate-200 object-cover" />
        ) : (
          <div className="flex aspect-[16/9] w-full max-w-sm items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 text-sm text-slate-600">
            <ImageOff aria-hidden="true" className="size-5" /> No cover yet
          </div>
        )}
        <div className="space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              {blog.cover_image ? 'Replace the cover image' : 'Upload a cover image'}
            </label>
            <input
              id={inputId}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              disabled={busy}
              aria-describedby={`${inputId}-hint`}
              onChange={(e) => void onFile(e)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
            />
            <p id={`${inputId}-hint`} className="text-xs text-slate-500">
              JPEG, PNG or WebP, at most 10 MB. It is shown 16:9 above the post.
            </p>
          </div>
          {cover.upload.isPending && <p role="status" className="text-sm text-slate-700">Uploading…</p>}
          {blog.cover_image && (
            <Button variant="secondary" disabled={busy} onClick={() => void onRemove()}>
              Remove the cover
            </Button>
          )}
          <FormAlert message={error} />
        </div>
      </div>
    </AdminPanel>
  );
}
