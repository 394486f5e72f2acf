import { expect, type APIRequestContext } from '@playwright/test';
import type { ListingInput } from '@parkly/shared/listings';
import type { VehicleInput } from '@parkly/shared/vehicles';
import { API, becomeHostViaApi, signUpViaApi } from './fixtures';
import { pngBytes } from './screens';

// Setting up hosts, spaces and drivers through the API, before a test opens its screens. A test
// passes every value its assertions read (a rate, the policy, the access text), even one that equals
// the default below: the defaults are only there to make a complete, publishable listing.

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A short tag that no other call gives, to keep names and titles apart between tests and runs. */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The date `n` days from now on the listings' clock, India's ('2026-12-24'). */
export const dayAhead = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + n * 86_400_000);

/** An account as signUpViaApi gives it. */
export type Host = Awaited<ReturnType<typeof signUpViaApi>>;

/** POST parkings fields; the address is merged over the default one, field by field. */
export type ListingBody = Omit<ListingInput, 'address'> & { address?: Partial<NonNullable<ListingInput['address']>> };

const DEFAULT_LISTING = {
  description: 'A gated driveway two minutes from the metro.',
  parking_type: 'driveway',
  vehicle_types: ['hatchback', 'sedan'],
  amenities: ['gated'],
  address: { line1: '14, 12th Main Road', locality: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', postal_code: '560038', country: 'IN' },
  lat: 12.978,
  lng: 77.6408,
  capacity: 1,
  hourly_rate: 3000,
  daily_rate: 20000,
  instant_book: true,
  cancellation_policy: 'flexible',
  access_instructions: 'Ring the bell at the blue gate.',
} satisfies ListingInput;

/** A draft listing of the host (a Bengaluru driveway unless `body` says otherwise); answers its id. */
export async function draftListingViaApi(request: APIRequestContext, token: string, body: ListingBody = {}) {
  const created = await request.post(`${API}/parkings`, {
    headers: auth(token),
    data: { ...DEFAULT_LISTING, ...body, address: { ...DEFAULT_LISTING.address, ...body.address } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { result: { id: string } }).result.id;
}

export interface PublishedListingOptions {
  /** An account that is already a host; without it a new one signs up (named `hostName`) and becomes a host. */
  host?: Host;
  hostName?: string;
  title?: string;
  /** Fields of the POST parkings body, over the default Bengaluru driveway. */
  body?: ListingBody;
  /** The colour of the one photo. */
  photoRgb?: [number, number, number];
}

/** A published listing with one photo: made, photographed and published as a host would, through the API. */
export async function publishedListingViaApi(request: APIRequestContext, opts: PublishedListingOptions = {}) {
  let host = opts.host;
  if (!host) {
    host = await signUpViaApi(request, { name: opts.hostName });
    await becomeHostViaApi(request, host.token);
  }
  const title = opts.title ?? `Gated driveway ${uniqueTag()}`;
  const id = await draftListingViaApi(request, host.token, { ...opts.body, title });
  const photo = await request.post(`${API}/parkings/${id}/photos`, {
    headers: auth(host.token),
    multipart: { file: { name: 'space.png', mimeType: 'image/png', buffer: pngBytes(96, opts.photoRgb) } },
  });
  expect(photo.status(), await photo.text()).toBe(200);
  const published = await request.post(`${API}/parkings/${id}/publish`, { headers: auth(host.token) });
  expect(published.status(), await published.text()).toBe(200);
  return { host, listing: { id, title } };
}

/** Saves a vehicle for the account (its default one, unless `vehicle` says otherwise); answers its id and plate. */
export async function addVehicleViaApi(request: APIRequestContext, token: string, vehicle: Partial<VehicleInput> = {}) {
  const data = { vehicle_type: 'sedan', make: 'Honda', model: 'City', plate: `KA 01 ${uniqueTag().slice(-4).toUpperCase()}`, is_default: true, ...vehicle } satisfies VehicleInput;
  const res = await request.post(`${API}/vehicles`, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { result: { id: string } }).result.id, plate: data.plate };
}

/** A new driver (named `name`) with a default vehicle, as signUpViaApi and addVehicleViaApi give them. */
export async function guestWithVehicleViaApi(request: APIRequestContext, opts: { name?: string; vehicle?: Partial<VehicleInput> } = {}) {
  const guest = await signUpViaApi(request, { name: opts.name });
  const vehicle = await addVehicleViaApi(request, guest.token, opts.vehicle);
  return { guest, vehicle };
}
