import { useState, type ComponentProps } from 'react';
import { RichText } from '../../../components/rich-text';
import { TextAreaField } from '../../../components/ui/form-field';

/**
 * A Markdown text area with a preview drawn by the same renderer as the public pages, so what the
 * admin sees is what visitors get (and hostile markup shows as the inert text it becomes).
 */
export function MarkdownField({ value, previewLabel, ...props }: ComponentProps<typeof TextAreaField> & { value: string; previewLabel: string }) {
  const [preview, setPreview] = useState(false);
  return (
    <div className="space-y-2">
      <TextAreaField {...props} />
      <button type="button" aria-expanded={preview} onClick={() => setPreview((p) => !p)} className="text-sm font-semibold text-brand-700 hover:underline">
        {preview ? 'Hide preview' : 'Show preview'}
      </button>
      {preview && (
        <section aria-label={previewLabel} className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-1">
          {value.trim() ? <RichText text={value} /> : <p className="my-3 text-sm text-slate-600">Nothing to preview yet.</p>}
        </section>
      )}
    </div>
  );
}

export const MARKDOWN_HINT = 'Markdown: ## heading, **bold**, *italic*, - list, > quote, [link](/path), ![image](https://…). HTML is shown as text.';
