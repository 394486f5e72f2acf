import { listingInputSchema, NOTICE_DAYS, type ListingInput, type NoticeDays } from '@parkly/shared/listings';

const isNoticeDays = (n: number): n is NoticeDays => (NOTICE_DAYS as readonly number[]).includes(n);
import { WEEKDAYS } from '@parkly/shared/listing-options';
import { unmetForPublish, type PublishRequirement } from '@parkly/shared/publish-check';
import { toMinor } from '../../../lib/money';
import { RATE_FIELDS, STAY_UNIT_MINUTES, TWO_WHEELER_RATE_FIELDS, type ListingFormValues } from './listing-form-values';
import { formPathOfApiField, type FormSectionKey } from './sections';

export type FieldErrors = Record<string, string>;

/** Blank -> null; a number -> the number; anything else -> NaN (reported as not a number). */
function parseNumber(input: string): number | null {
  const t = input.trim().replace(',', '.');
  return t === '' ? null : Number(t);
}

const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The API fields one part of the form saves, plus what could not be turned into them. */
function build(section: FormSectionKey, v: ListingFormValues): { input: ListingInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const number = (field: string, input: string, message: string) => {
    const n = parseNumber(input);
    if (n !== null && !Number.isFinite(n)) errors[field] = message;
    return n !== null && Number.isFinite(n) ? n : null;
  };

  switch (section) {
    case 'type':
      return { input: { ...(v.parking_type && { parking_type: v.parking_type }), vehicle_types: v.vehicle_types }, errors };

    case 'location': {
      const lat = number('lat', v.lat, 'Enter the latitude as a number, e.g. 12.9716');
      const lng = number('lng', v.lng, 'Enter the longitude as a number, e.g. 77.5946');
      if ((lat === null) !== (lng === null) && !errors.lat && !errors.lng) errors[lat === null ? 'lat' : 'lng'] = 'Enter both latitude and longitude, or neither';
      const a = v.address;
      return {
        input: {
          address: {
            line1: blankToNull(a.line1),
            locality: blankToNull(a.locality),
            city: blankToNull(a.city),
            state: blankToNull(a.state),
            postal_code: blankToNull(a.postal_code.replace(/\s/g, '')),
            country: 'IN',
          },
          lat: lat !== null && lng !== null ? lat : null,
          lng: lat !== null && lng !== null ? lng : null,
        },
        errors,
      };
    }

    case 'details': {
      const ev = v.amenities.includes('ev_charging');
      const capacity = parseNumber(v.capacity);
      if (capacity === null) errors.capacity = 'Enter the number of spaces';
      else if (!Number.isInteger(capacity)) errors.capacity = 'Enter a whole number of spaces';
      const size = (field: 'max_length_m' | 'max_width_m' | 'max_height_m') => number(field, v[field], 'Enter metres as a number, e.g. 2.1');
      return {
        input: {
          title: blankToNull(v.title),
          description: blankToNull(v.description),
          amenities: v.amenities,
          // without the amenity the server drops the charger details itself
          ...(ev && { ev_connector: v.ev_connector || null, ev_power_kw: number('ev_power_kw', v.ev_power_kw, 'Enter the power in kW, e.g. 7.4') }),
          ...(capacity !== null && Number.isInteger(capacity) && { capacity }),
          max_length_m: size('max_length_m'),
          max_width_m: size('max_width_m'),
          max_height_m: size('max_height_m'),
        },
        errors,
      };
    }

    case 'pricing': {
      const input: ListingInput = {};
      for (const field of RATE_FIELDS) {
        const { on, amount } = v[field];
        const minor = on ? toMinor(amount) : null;
        if (on && amount.trim() === '') errors[`${field}.amount`] = 'Enter an amount, or switch this rate off';
        else if (on && minor === null) errors[`${field}.amount`] = 'Enter an amount in rupees, e.g. 60';
        input[field] = minor;
      }
      // two-wheelers (decision 040): how many fit one unit, and their own rates (blank: the car rate)
      const perUnit = parseNumber(v.two_wheelers_per_unit);
      if (perUnit === null) errors.two_wheelers_per_unit = 'Enter how many two-wheelers fit in one space, from 1 to 6';
      else if (!Number.isFinite(perUnit)) errors.two_wheelers_per_unit = 'Enter a whole number from 1 to 6';
      else input.two_wheelers_per_unit = perUnit;
      for (const [i, field] of TWO_WHEELER_RATE_FIELDS.entries()) {
        // a two-wheeler rate is only offered beside its car rate (the editor hides it while that is off)
        const amount = v[RATE_FIELDS[i]!].on ? v[field] : '';
        const minor = toMinor(amount);
        if (amount.trim() !== '' && minor === null) errors[field] = 'Enter an amount in rupees, e.g. 20, or leave it blank';
        input[field] = minor;
      }
      const stay = (key: 'min_stay' | 'max_stay') => {
        const n = number(`${key}.amount`, v[key].amount, 'Enter a number');
        return n === null ? null : Math.round(n * STAY_UNIT_MINUTES[v[key].unit]);
      };
      return {
        input: {
          ...input,
          // kept with the listing even while the monthly rate is off, so switching it back on keeps the host's choice
          ...(isNoticeDays(Number(v.notice_days)) && { notice_days: Number(v.notice_days) as NoticeDays }),
          instant_book: v.instant_book === 'instant',
          cancellation_policy: v.cancellation_policy,
          min_duration_minutes: stay('min_stay'),
          max_duration_minutes: stay('max_stay'),
        },
        errors,
      };
    }

    case 'availability': {
      const hours = Object.fromEntries(
        WEEKDAYS.map((d) => [d, v.opening_hours[d].map((w) => ({ open: w.open, close: w.close === '00:00' && w.open !== '00:00' ? '24:00' : w.close }))]),
      );
      for (const d of WEEKDAYS) {
        v.opening_hours[d].forEach((w, i) => {
          if (!w.open) errors[`opening_hours.${d}.${i}.open`] = 'Enter the opening time';
          if (!w.close) errors[`opening_hours.${d}.${i}.close`] = 'Enter the closing time';
        });
      }
      return { input: { opening_hours: v.open_24_7 ? null : hours, time_zone: v.time_zone }, errors };
    }

    case 'access':
      return { input: { access_instructions: blankToNull(v.access_instructions) }, errors };
  }
}

/** Which publish requirements each part of the wizard answers, where its error shows, and in what words. */
const REQUIREMENTS: Record<FormSectionKey, [PublishRequirement, string, string][]> = {
  type: [
    ['parking_type', 'parking_type', 'Choose the type of space'],
    ['vehicle_types', 'vehicle_types', 'Choose at least one vehicle that fits'],
  ],
  location: [
    ['address.line1', 'address.line1', 'Enter the street address'],
    ['address.city', 'address.city', 'Enter the city'],
    ['position', 'root.position', 'Put the pin on the map: search for the place, use your location or tap the map'],
  ],
  details: [
    ['title', 'title', 'Add a title'],
    ['ev_connector', 'ev_connector', 'Choose the connector type of the charger'],
  ],
  pricing: [['rates', 'root.rates', 'Switch on at least one rate']],
  availability: [],
  access: [],
};

/** What the listing needs from this part before it can go live: the server's publish rule (shared), said early. */
function missing(section: FormSectionKey, v: ListingFormValues): FieldErrors {
  const unmet = new Set(
    unmetForPublish({
      title: v.title,
      parking_type: v.parking_type || null,
      vehicle_types: v.vehicle_types,
      amenities: v.amenities,
      ev_connector: v.ev_connector || null,
      address_line1: v.address.line1,
      city: v.address.city,
      lat: v.lat.trim() ? Number(v.lat) : null,
      lng: v.lng.trim() ? Number(v.lng) : null,
      capacity: 1,
      rates: RATE_FIELDS.map((f) => (v[f].on ? 1 : null)),
      photo_count: 1,
    }),
  );
  return Object.fromEntries(REQUIREMENTS[section].filter(([req]) => unmet.has(req)).map(([, field, message]) => [field, message]));
}

/**
 * Turns one part of the form into its API fields and checks them with the shared schema (the same
 * rules the server applies). `complete` also asks for what publishing needs (the wizard's Next).
 */
export function sectionPayload(section: FormSectionKey, values: ListingFormValues, { complete = false } = {}) {
  const { input, errors } = build(section, values);
  const parsed = listingInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathOfApiField(issue.path.join('.'));
      if (section === 'availability' && path === 'root.opening_hours' && values.open_24_7) continue;
      errors[path] ??= issue.message;
    }
  }
  if (complete) for (const [field, message] of Object.entries(missing(section, values))) errors[field] ??= message;
  return { input, errors };
}
