import { UserRound } from 'lucide-react';

/** The profile photo (profile_image is used as the src as it is), or the default avatar icon. */
export function ProfileAvatar({ src, name, size = 'size-24' }: { src: string | null; name: string; size?: string }) {
  if (src) return <img src={src} alt={`Profile photo of ${name}`} className={`${size} rounded-full object-cover ring-4 ring-white shadow`} />;
  return (
    <span role="img" aria-label="Default profile picture" className={`${size} flex items-center justify-center rounded-full bg-brand-100 text-brand-800 ring-4 ring-white shadow`}>
      <UserRound aria-hidden="true" className="size-1/2" />
    </span>
  );
}
