import { CircleCheck, FileUp } from 'lucide-react';
import { useState, type DragEvent } from 'react';

export const ID_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf';

/**
 * One file: a drop zone with a "Choose file" control, the chosen file's name (or 'No file chosen'),
 * and 'Successfully' once a file is picked (SPEC 2.4).
 */
export function IdFilePicker({ file, onChange, disabled }: { file: File | null; onChange: (file: File | null) => void; disabled?: boolean }) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) onChange(dropped);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-2xl border-2 border-dashed p-6 text-center transition-colors ${dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'}`}
    >
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
        <FileUp className="size-7" />
      </span>
      <label className="mt-4 inline-flex min-h-10 cursor-pointer items-center justify-center rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
        Choose file
        <input
          type="file"
          name="file"
          accept={ID_ACCEPT}
          disabled={disabled}
          className="sr-only"
          aria-describedby="id-file-name id-file-types"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </label>
      <p id="id-file-name" className="mt-3 text-sm font-medium break-all text-slate-800">
        {file ? file.name : 'No file chosen'}
      </p>
      {file && (
        <p role="status" className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
          <CircleCheck aria-hidden="true" className="size-4" />
          <span>Successfully</span>
        </p>
      )}
      <p id="id-file-types" className="mt-3 text-xs text-slate-600">
        JPG, PNG, WebP or PDF, up to 10 MB. You can also drop the file here.
      </p>
    </div>
  );
}
