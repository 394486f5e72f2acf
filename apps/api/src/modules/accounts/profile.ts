import type { Profile } from '@parkly/shared/accounts';

/** The users columns a profile is built from; every query that answers a profile selects these. */
export const PROFILE_COLUMNS = `id, name, email, phone, profile_image, host_user, role, id_verification_status,
  location_lat, location_lng, location_label, created_at, gate_host_id`;

export interface ProfileRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  profile_image: string | null;
  host_user: boolean;
  role: 'user' | 'admin';
  id_verification_status: Profile['id_verification_status'];
  location_lat: number | null;
  location_lng: number | null;
  location_label: string | null;
  created_at: Date | string;
  gate_host_id?: string | null;
}

/** The one place a users row becomes the Profile the API answers. */
export function toProfile(row: ProfileRow): Profile {
  const hasLocation = row.location_lat !== null && row.location_lng !== null;
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? '',
    phone: row.phone,
    profile_image: row.profile_image,
    host_user: row.host_user ? 1 : 0,
    role: row.role,
    id_verification_status: row.id_verification_status,
    location: hasLocation ? { lat: Number(row.location_lat), lng: Number(row.location_lng), label: row.location_label } : null,
    created_at: new Date(row.created_at).toISOString(),
    gate_for: row.gate_host_id ?? null,
  };
}
