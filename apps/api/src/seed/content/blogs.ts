import { AIRPORT_PARKING_TIPS, LONG_TRIP_STORAGE, MONTHLY_PARKING_BENGALURU } from './blogs-drivers';
import { EARN_FROM_DRIVEWAY, EV_CHARGING_ETIQUETTE, HOST_SAFETY_CHECKLIST } from './blogs-hosts';

export interface BlogSeed {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO 8601 */
  published_at: string;
  body: string;
}

/** Posts for drivers and for hosts, in the simple markdown the web renders. */
export const BLOG_SEEDS: BlogSeed[] = [
  MONTHLY_PARKING_BENGALURU,
  EARN_FROM_DRIVEWAY,
  LONG_TRIP_STORAGE,
  AIRPORT_PARKING_TIPS,
  EV_CHARGING_ETIQUETTE,
  HOST_SAFETY_CHECKLIST,
];
