import type { AMENITIES, PARKING_TYPES, VEHICLE_TYPES } from '@parkly/shared/catalog';
import {
  Accessibility,
  Bike,
  Building2,
  Bus,
  Car,
  CarFront,
  Caravan,
  Cctv,
  Clock,
  Container,
  DoorClosed,
  Droplets,
  Fence,
  House,
  KeyRound,
  Lightbulb,
  PlugZap,
  Sailboat,
  ShieldCheck,
  Signpost,
  SquareParking,
  Tent,
  Truck,
  Umbrella,
  Warehouse,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

type IconOf<T extends Record<string, { icon: string }>> = T[keyof T]['icon'];
/** Every lucide icon name the shared catalog uses (types, vehicles, amenities). */
export type CatalogIconName = IconOf<typeof PARKING_TYPES> | IconOf<typeof VEHICLE_TYPES> | IconOf<typeof AMENITIES>;

/**
 * The catalog names its icons as data (`icon: 'plug-zap'`); this turns them into components. Naming
 * each icon keeps the bundle to these few instead of all of lucide. A new icon in the catalog fails
 * the type check here until it is added.
 */
export const CATALOG_ICONS: Record<CatalogIconName, LucideIcon> = {
  house: House,
  warehouse: Warehouse,
  tent: Tent,
  'square-parking': SquareParking,
  'building-2': Building2,
  signpost: Signpost,
  fence: Fence,
  bike: Bike,
  car: Car,
  'car-front': CarFront,
  bus: Bus,
  truck: Truck,
  caravan: Caravan,
  sailboat: Sailboat,
  container: Container,
  umbrella: Umbrella,
  'plug-zap': PlugZap,
  cctv: Cctv,
  'door-closed': DoorClosed,
  lightbulb: Lightbulb,
  'shield-check': ShieldCheck,
  clock: Clock,
  accessibility: Accessibility,
  'key-round': KeyRound,
  droplets: Droplets,
};

/** A catalog icon, decorative by default (the label beside it says what it is). */
export function CatalogIcon({ name, ...props }: { name: CatalogIconName } & LucideProps) {
  const Icon = CATALOG_ICONS[name];
  return <Icon aria-hidden="true" {...props} />;
}
