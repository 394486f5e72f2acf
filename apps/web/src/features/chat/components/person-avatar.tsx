import { useState } from 'react';

/** The other party's photo, or their initial on a coloured disc when there is none (or it fails to load). */
export function PersonAvatar({ name, src, className = 'size-11' }: { name: string; src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img src={src} alt="" onError={() => setFailed(src)} className={`${className} shrink-0 rounded-full object-cover ring-1 ring-slate-200`} />;
  }
  return (
    <span aria-hidden="true" className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}>
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
