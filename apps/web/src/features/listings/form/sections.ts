/**
 * The parts of a listing, in the order the wizard asks for them. Manage parking shows the same parts
 * as sections of one page. Each knows its form fields, so errors and "what is missing" find their way
 * back to the right step.
 */
export const SECTIONS = [
  { key: 'type', name: 'Type', title: 'Type and vehicles', heading: 'What kind of space is it?', intro: 'Pick the closest match and the vehicles that fit.' },
  { key: 'location', name: 'Location', title: 'Location', heading: 'Where is it?', intro: 'Guests see only the area until they have a confirmed booking.' },
  { key: 'details', name: 'Details', title: 'Details and size', heading: 'Describe your space', intro: 'A clear title and honest size limits bring the right bookings.' },
  { key: 'photos', name: 'Photos', title: 'Photos', heading: 'Add photos', intro: 'Spaces with bright photos of the entrance and the spot get booked more.' },
  { key: 'pricing', name: 'Pricing', title: 'Pricing and booking', heading: 'Set your prices', intro: 'Offer any of the four rates; switch off the ones you do not want.' },
  { key: 'availability', name: 'Availability', title: 'Availability', heading: 'When can drivers park?', intro: 'Open all the time, or only at the hours you choose.' },
  { key: 'access', name: 'Access', title: 'Access instructions', heading: 'How do guests get in?', intro: 'Gate codes, which bay, where to find the key.' },
  { key: 'review', name: 'Review', title: 'Review and publish', heading: 'Review and publish', intro: 'Check everything once more, then go live.' },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];
/** The parts with fields of their own (photos have their manager, review only shows). */
export type FormSectionKey = Exclude<SectionKey, 'photos' | 'review'>;

export const sectionIndex = (key: SectionKey) => SECTIONS.findIndex((s) => s.key === key);
export const isSectionKey = (v: string | null): v is SectionKey => SECTIONS.some((s) => s.key === v);

/** The top-level form fields each part edits (RHF names; nested ones are covered by their parent). */
export const SECTION_FIELDS: Record<FormSectionKey, readonly string[]> = {
  type: ['parking_type', 'vehicle_types'],
  location: ['address', 'lat', 'lng', 'root.position'],
  details: ['title', 'description', 'amenities', 'ev_connector', 'ev_power_kw', 'capacity', 'max_length_m', 'max_width_m', 'max_height_m'],
  pricing: [
    'hourly_rate', 'daily_rate', 'weekly_rate', 'monthly_rate', 'notice_days', 'root.rates',
    'two_wheelers_per_unit', 'two_wheeler_hourly_rate', 'two_wheeler_daily_rate', 'two_wheeler_weekly_rate', 'two_wheeler_monthly_rate', 'instant_book', 'cancellation_policy', 'min_stay', 'max_stay'],
  availability: ['open_24_7', 'opening_hours', 'root.opening_hours', 'time_zone'],
  access: ['access_instructions'],
};

/** An API field path ('address.city', 'opening_hours.mon.0.close', 'photos') -> the part that edits it. */
export function sectionOfApiField(path: string): SectionKey {
  const top = path.split('.')[0] ?? '';
  if (['parking_type', 'vehicle_types'].includes(top)) return 'type';
  if (['address', 'lat', 'lng', 'position'].includes(top)) return 'location';
  if (top === 'photos') return 'photos';
  if (top.endsWith('_rate') || ['rates', 'notice_days', 'two_wheelers_per_unit', 'instant_book', 'cancellation_policy', 'min_duration_minutes', 'max_duration_minutes'].includes(top)) return 'pricing';
  if (['opening_hours', 'time_zone'].includes(top)) return 'availability';
  if (top === 'access_instructions') return 'access';
  return 'details';
}

/** API field paths whose form field has another name, or that are about a group of fields. */
const FORM_PATHS: Record<string, string> = {
  hourly_rate: 'hourly_rate.amount',
  daily_rate: 'daily_rate.amount',
  weekly_rate: 'weekly_rate.amount',
  monthly_rate: 'monthly_rate.amount',
  rates: 'root.rates',
  min_duration_minutes: 'min_stay.amount',
  max_duration_minutes: 'max_stay.amount',
  position: 'root.position',
  photos: 'root.photos',
  opening_hours: 'root.opening_hours',
};

/** An API field path -> where the form shows its error. */
export function formPathOfApiField(path: string): string {
  if (FORM_PATHS[path]) return FORM_PATHS[path];
  const parts = path.split('.');
  const top = parts[0] ?? '';
  if (top === 'vehicle_types' || top === 'amenities') return top;
  // a day's windows ('opening_hours.mon.2.open') have fields; the day or the week as a whole do not
  if (top === 'opening_hours') return parts.length >= 4 ? path : 'root.opening_hours';
  if (top === 'address' && parts.length < 2) return 'address.line1';
  return path;
}
