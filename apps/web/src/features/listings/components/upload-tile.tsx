import { CircleAlert, FileWarning, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import type { PhotoUpload } from './use-photo-uploads';

/** A photo on its way: the local preview with its progress, or the reason it was refused. */
export function UploadTile({ upload, onRetry, onDismiss }: { upload: PhotoUpload; onRetry: () => void; onDismiss: () => void }) {
  const percent = Math.round(upload.progress * 100);
  const failed = upload.status === 'failed';
  // a file that claims to be a JPEG but is not one cannot be previewed either
  const [unreadable, setUnreadable] = useState(false);
  return (
    <li className={`rounded-xl bg-white shadow-sm ring-1 ${failed ? 'ring-red-300' : 'ring-slate-200'}`}>
      <div role="group" aria-label={`${failed ? 'Not uploaded' : 'Uploading'}: ${upload.name}`}>
        <div className="relative aspect-[4/3] overflow-hidden rounded-t-xl bg-slate-100">
          {upload.preview && !unreadable ? (
            <img src={upload.preview} alt="" onError={() => setUnreadable(true)} className={`size-full object-cover ${failed ? 'opacity-40 grayscale' : 'opacity-70'}`} />
          ) : (
            <FileWarning aria-hidden="true" className="absolute inset-0 m-auto size-10 text-slate-400" />
          )}
          {!failed && (
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/70 to-transparent p-2 pt-6">
              <p className="text-xs font-semibold text-white">{upload.status === 'waiting' ? 'Waiting…' : percent >= 100 ? 'Processing…' : `Uploading ${percent}%`}</p>
              <div
                role="progressbar"
                aria-label={`Uploading ${upload.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={upload.status === 'waiting' ? 0 : percent}
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/30"
              >
                <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${upload.status === 'waiting' ? 0 : percent}%` }} />
              </div>
            </div>
          )}
        </div>
        <div className="space-y-1 p-2">
          <p className="truncate text-xs font-medium text-slate-800" title={upload.name}>
            {upload.name}
          </p>
          {failed && (
            <>
              <p className="flex gap-1 text-xs text-red-700">
                <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                {upload.error}
              </p>
              <div className="flex gap-1">
                {upload.retryable && (
                  <button type="button" onClick={onRetry} className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50">
                    <RotateCcw aria-hidden="true" className="size-3.5" /> Try again
                  </button>
                )}
                <button type="button" onClick={onDismiss} className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-slate-700 hover:bg-slate-100">
                  <X aria-hidden="true" className="size-3.5" /> Dismiss
                </button>
              </div>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
