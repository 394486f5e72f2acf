import { UserRound } from 'lucide-react';
import { useState } from 'react';

/** The profile picture (a path on the backend, used as the src as is) or the default user icon. */
export function Avatar({ src, className = 'size-8' }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img src={src} alt="" onError={() => setFailed(src)} className={`${className} shrink-0 rounded-full object-cover ring-1 ring-slate-200`} />;
  }
  return (
    <span aria-hidden="true" className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800`}>
      <UserRound className="size-[60%]" />
    </span>
  );
}
