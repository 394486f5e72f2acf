import { AMENITIES, CANCELLATION_POLICIES, PARKING_TYPES, VEHICLE_TYPES } from '@parkly/shared/catalog';
import type { ManagedListing } from '@parkly/shared/listings';
import { EV_CONNECTORS } from '@parkly/shared/listing-options';
import { CircleAlert, Lock, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListingRates } from '../components/listing-rates';
import { SECTIONS, sectionOfApiField, type SectionKey } from './sections';
import { durationText, hoursLines, sizeText } from './summary-format';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function stayText(min: number | null, max: number | null) {
  const parts = [min !== null && `at least ${durationText(min)}`, max !== null && `at most ${durationText(max)}`].filter(Boolean).join(', ');
  return parts.charAt(0).toUpperCase() + parts.slice(1);
}

const notSet = <span className="text-slate-500">Not set</span>;

function Card({ section, editHref, missing, children }: { section: SectionKey; editHref: (s: SectionKey) => string; missing: string[]; children: ReactNode }) {
  const meta = SECTIONS.find((s) => s.key === section)!;
  return (
    <section aria-labelledby={`review-${section}`} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`review-${section}`} className="font-semibold text-slate-900">
          {meta.title}
        </h3>
        <Link to={editHref(section)} className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50" aria-label={`Edit ${meta.title.toLowerCase()}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </Link>
      </div>
      {missing.length > 0 && (
        <ul className="mt-2 space-y-1">
          {missing.map((m) => (
            <li key={m} className="flex items-start gap-1.5 text-sm font-medium text-amber-800">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {m}
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-1 divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

/** Everything the wizard collected, from the saved draft, each part with a link back to its step. */
export function ReviewSummary({ listing: l, editHref }: { listing: ManagedListing; editHref: (s: SectionKey) => string }) {
  const missingIn = (section: SectionKey) => Object.entries(l.missing).flatMap(([field, message]) => (sectionOfApiField(field) === section ? [message] : []));
  const card = (section: SectionKey, children: ReactNode) => (
    <Card section={section} editHref={editHref} missing={missingIn(section)}>
      {children}
    </Card>
  );
  const a = l.address;
  const ev = l.amenities.includes('ev_charging') && l.ev_connector ? `${EV_CONNECTORS[l.ev_connector].label}${l.ev_power_kw ? `, ${l.ev_power_kw} kW` : ''}` : null;
  return (
    <div className="space-y-4">
      {card(
        'type',
        <>
          <Row term="Type">{l.parking_type ? PARKING_TYPES[l.parking_type].label : notSet}</Row>
          <Row term="Vehicles">{l.vehicle_types.length ? l.vehicle_types.map((v) => VEHICLE_TYPES[v].label).join(', ') : notSet}</Row>
        </>,
      )}
      {card(
        'location',
        <>
          <Row term="Address">{[a.line1, a.locality, a.city, a.state, a.postal_code].filter(Boolean).join(', ') || notSet}</Row>
          <Row term="Map pin">{l.lat !== null && l.lng !== null ? `${l.lat.toFixed(5)}, ${l.lng.toFixed(5)}` : notSet}</Row>
        </>,
      )}
      {card(
        'details',
        <>
          <Row term="Title">{l.title ?? notSet}</Row>
          {l.description && (
            <Row term="Description">
              <span className="line-clamp-3 whitespace-pre-line">{l.description}</span>
            </Row>
          )}
          <Row term="Amenities">{l.amenities.length ? l.amenities.map((k) => AMENITIES[k].label).join(', ') : 'None'}</Row>
          {ev && <Row term="Charger">{ev}</Row>}
          <Row term="Spaces">{l.capacity}</Row>
          <Row term="Size limits">{sizeText(l) ?? 'No limits'}</Row>
        </>,
      )}
      {card(
        'photos',
        <Row term="Photos">
          {l.photos.length ? (
            <>
              <ul className="flex gap-2 overflow-x-auto" aria-label={`${l.photos.length} photos`}>
                {l.photos.slice(0, 6).map((p) => (
                  <li key={p.id} className="shrink-0">
                    <img src={p.thumb_url} alt={p.is_cover ? 'Cover photo' : 'Photo'} width={96} height={72} className="h-18 w-24 rounded-lg object-cover" />
                  </li>
                ))}
              </ul>
              <span className="mt-1 block text-sm text-slate-600">{l.photos.length === 1 ? '1 photo' : `${l.photos.length} photos`}</span>
            </>
          ) : (
            'None yet'
          )}
        </Row>,
      )}
      {card(
        'pricing',
        <>
          <Row term="Rates">
            <ListingRates rates={l} />
          </Row>
          <Row term="Booking">{l.instant_book ? 'Instant book' : 'Request to book'}</Row>
          <Row term="Cancellation">
            {CANCELLATION_POLICIES[l.cancellation_policy].label}: {CANCELLATION_POLICIES[l.cancellation_policy].description}
          </Row>
          {(l.min_duration_minutes !== null || l.max_duration_minutes !== null) && (
            <Row term="Stay">
              {stayText(l.min_duration_minutes, l.max_duration_minutes)}
            </Row>
          )}
        </>,
      )}
      {card(
        'availability',
        <>
          <Row term="Hours">
            {hoursLines(l.opening_hours).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Row>
          <Row term="Time zone">{l.time_zone}</Row>
        </>,
      )}
      {card(
        'access',
        <Row term="Instructions">
          {l.access_instructions ? (
            <span className="line-clamp-3 whitespace-pre-line">{l.access_instructions}</span>
          ) : (
            <span className="text-slate-500">None yet: add directions or a gate code so guests find their way in.</span>
          )}
          <span className="mt-1 flex items-center gap-1 text-xs text-slate-500">
            <Lock aria-hidden="true" className="size-3" /> Only confirmed guests see this
          </span>
        </Row>,
      )}
    </div>
  );
}
