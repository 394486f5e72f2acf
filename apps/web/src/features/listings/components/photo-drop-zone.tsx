import { IMAGE_TYPES } from '@parkly/shared/constants';
import { ImagePlus } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';

/** Drop photos here, or pick them with the button (several at once; on a phone this offers the camera too). */
export function PhotoDropZone({ onFiles, full }: { onFiles: (files: File[]) => void; full: boolean }) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  return (
    <div
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = full ? 'none' : 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(false);
        if (!full) onFiles([...e.dataTransfer.files]);
      }}
      className={`flex flex-col items-center rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors sm:py-8 ${
        over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
      }`}
    >
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
        <ImagePlus className="size-6" />
      </span>
      {full ? (
        <p className="mt-3 max-w-sm text-sm text-slate-700">This listing has the most photos it can have. Delete one to add another.</p>
      ) : (
        <>
          <p className="mt-3 text-sm font-medium text-slate-800">
            <span className="hidden sm:inline">Drag photos here, or </span>
            <label className="inline-flex min-h-10 cursor-pointer items-center justify-center rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 sm:ml-1">
              Choose photos
              <input
                type="file"
                multiple
                accept={IMAGE_TYPES.join(',')}
                className="sr-only"
                aria-describedby={hintId}
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = ''; // choosing the same file again still fires change
                  if (files.length) onFiles(files);
                }}
              />
            </label>
          </p>
          <p id={hintId} className="mt-2 text-xs text-slate-600">
            JPEG, PNG or WebP, up to 10 MB each. Bright, wide shots of the entrance and the space itself work best.
          </p>
        </>
      )}
    </div>
  );
}
