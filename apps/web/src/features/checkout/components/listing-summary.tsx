import { PARKING_TYPES, type ParkingType } from '@parkly/shared/catalog';
import { CircleParking } from 'lucide-react';
import type { ReactNode } from 'react';

interface Props {
  title: string | null;
  thumbUrl: string | null | undefined;
  place: string;
  parkingType: ParkingType | null;
  children?: ReactNode;
}

/** The space being booked: its picture, name, kind and area. */
export function ListingSummary({ title, thumbUrl, place, parkingType, children }: Props) {
  return (
    <div className="flex gap-3">
      {thumbUrl ? (
        <img src={thumbUrl} alt="" width={96} height={72} className="h-18 w-24 shrink-0 rounded-lg object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-18 w-24 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
          <CircleParking className="size-8" />
        </span>
      )}
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{title ?? 'Parking space'}</p>
        <p className="text-sm text-slate-600">{[parkingType ? PARKING_TYPES[parkingType].label : null, place].filter(Boolean).join(' · ')}</p>
        {children}
      </div>
    </div>
  );
}

export const placeText = (l: { locality: string | null; city: string | null }) => [l.locality, l.city].filter(Boolean).join(', ');
