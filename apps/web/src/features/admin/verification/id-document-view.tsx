import type { AdminIdDocument } from '@parkly/shared/admin-verification';
import { isImageDocument } from '@parkly/shared/admin-verification';
import { Download, ExternalLink, FileText } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { useIdDocumentFile } from './get-id-document-file';
import { fileKind, fileSize } from './id-document-facts';

/**
 * The document itself, fetched with the admin's token into an object URL: an image is shown inline;
 * a PDF opens in a new tab of the browser's own viewer (the app's content policy allows no frames of
 * blob: URLs, and an object URL never leaves this browser).
 */
export function IdDocumentView({ doc }: { doc: AdminIdDocument }) {
  const file = useIdDocumentFile(doc.id);
  if (file.isPending || (file.isSuccess && !file.url)) return <Spinner label="Loading the document" />;
  if (file.isError) return <FormAlert message={`The document could not be loaded: ${file.error.message}`} />;
  const url = file.url!;
  const name = doc.original_name || 'government-id';
  if (isImageDocument(doc.mime_type)) {
    return (
      <figure className="space-y-2">
        <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          <img src={url} alt={`Government ID uploaded by ${doc.user.name}`} className="mx-auto max-h-[32rem] w-auto max-w-full object-contain" />
        </a>
        <figcaption className="text-xs text-slate-600">
          {doc.original_name} ({fileKind(doc.mime_type)}, {fileSize(doc.size_bytes)}). Select the image to open it full size.
        </figcaption>
      </figure>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="flex items-center gap-2 text-sm text-slate-800">
        <FileText aria-hidden="true" className="size-5 text-slate-500" />
        {doc.original_name} ({fileKind(doc.mime_type)}, {fileSize(doc.size_bytes)})
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={url} target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
          <ExternalLink aria-hidden="true" className="size-4" /> Open the PDF
        </a>
        <a href={url} download={name} className={buttonClass('ghost')}>
          <Download aria-hidden="true" className="size-4" /> Download
        </a>
      </div>
    </div>
  );
}
