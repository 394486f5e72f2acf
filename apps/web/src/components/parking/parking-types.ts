import { Building2, Caravan, House, type LucideIcon, Package, ParkingMeter, SquareParking, Umbrella, Warehouse } from 'lucide-react';
import { PARKING_TYPE_KEYS, PARKING_TYPES as CATALOG, type ParkingType } from '@parkly/shared/catalog';

const ICONS: Record<ParkingType, LucideIcon> = {
  driveway: House,
  garage: Warehouse,
  carport: Umbrella,
  open_lot: SquareParking,
  covered_lot: Building2,
  street: ParkingMeter,
  indoor_storage: Package,
  outdoor_storage: Caravan,
};

/** The pinned parking types (shared catalog) with the icons the web app draws for them. */
export const PARKING_TYPES: { key: ParkingType; label: string; text: string; icon: LucideIcon }[] = PARKING_TYPE_KEYS.map((key) => ({
  key,
  label: CATALOG[key].label,
  text: CATALOG[key].description,
  icon: ICONS[key],
}));
