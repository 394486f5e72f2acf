import type { ParkingType } from '@parkly/shared/catalog';
import { SquareParking } from 'lucide-react';
import { PARKING_TYPES } from './parking-types';

/**
 * The cover photo of a listing, or a tinted placeholder with its parking type's icon. The image is
 * decorative next to the listing's title, so it carries no alt text of its own.
 */
export function ListingCover({ src, parkingType, compact, className = '' }: { src: string | null; parkingType: ParkingType | null; compact?: boolean; className?: string }) {
  if (src) return <img src={src} alt="" loading="lazy" decoding="async" className={`bg-slate-100 object-cover ${className}`} />;
  const Icon = PARKING_TYPES.find((t) => t.key === parkingType)?.icon ?? SquareParking;
  return (
    <div aria-hidden="true" className={`flex flex-col items-center justify-center gap-1 bg-gradient-to-br from-brand-50 to-slate-100 text-brand-700 ${className}`}>
      <Icon className={`${compact ? 'size-6' : 'size-10'} opacity-70`} />
      {!compact && <span className="text-xs font-medium text-slate-600">No photo yet</span>}
    </div>
  );
}
