import { PARKING_TYPES, type ParkingType } from '@parkly/shared/catalog';
import { SquareParking } from 'lucide-react';
import { CatalogIcon } from '../../../lib/catalog-icons';

/** The listing's photo, or its parking type's icon when it has none. Decorative: the title beside it names the place. */
export function BookingCover({ src, parkingType, className = '' }: { src: string | null; parkingType: ParkingType | null; className?: string }) {
  if (src) return <img src={src} alt="" loading="lazy" decoding="async" className={`bg-slate-100 object-cover ${className}`} />;
  return (
    <span aria-hidden="true" className={`flex items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 text-brand-700 ${className}`}>
      {parkingType ? <CatalogIcon name={PARKING_TYPES[parkingType].icon} className="size-8" /> : <SquareParking className="size-8" />}
    </span>
  );
}
