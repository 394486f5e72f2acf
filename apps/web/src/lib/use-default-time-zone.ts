import { FALLBACK_TIME_ZONE, zoneOr } from '@parkly/shared/time';
import { useAppConfig } from './use-app-config';

/**
 * The zone for times that belong to no listing (a search, a blog's date, "member since"): the
 * server's DEFAULT_TIMEZONE from GET config, and FALLBACK_TIME_ZONE until the config has arrived.
 * A page drawn on the server reads the same cached config the browser then hydrates with, so both
 * draw the same text; the device's own zone is never used.
 */
export function useDefaultTimeZone(): string {
  const { data } = useAppConfig();
  return zoneOr(data?.time_zone, FALLBACK_TIME_ZONE);
}
