import type { Profile } from '@parkly/shared/accounts';
import { formatMonthYear } from '@parkly/shared/time';
import { CalendarCheck, CarFront, ChevronRight, CreditCard, KeyRound, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { useDefaultTimeZone } from '../../lib/use-default-time-zone';
import { Button } from '../../components/ui/button';
import { useProfile } from './api/get-profile';
import { Card } from './components/card';
import { NotificationSettings } from './components/notification-settings';
import { ProfileDetailsForm } from './components/profile-details-form';
import { ProfilePhoto } from './components/profile-photo';
import { VerificationStatus } from '../../components/account/verification-status';
import { TaxIdentityPanel } from '../../components/account/tax-identity-panel';


function LinkRow({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} className="group flex items-center gap-4 rounded-xl border border-slate-200 p-4 hover:border-brand-200 hover:bg-brand-50">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 group-hover:bg-white">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block truncate text-sm text-slate-600">{text}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 text-slate-500" />
    </Link>
  );
}

function locationText(location: Profile['location']) {
  if (!location) return 'Not set yet: set it to see spaces near you first';
  return location.label || `${location.lat.toFixed(4)}, ${location.lng.toFixed(4)}`;
}

function ProfileView({ profile }: { profile: Profile }) {
  const timeZone = useDefaultTimeZone();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className="space-y-6">
        <section aria-label="Your photo" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <ProfilePhoto profile={profile} />
          <div className="mt-5 border-t border-slate-100 pt-5 text-center">
            <p className="text-lg font-semibold text-slate-900">{profile.name}</p>
            <p className="text-sm break-all text-slate-600">{profile.email}</p>
            {profile.phone && <p className="text-sm text-slate-600">{profile.phone}</p>}
            <p className="mt-2 text-xs text-slate-600">
              {profile.host_user === 1 ? 'Host' : 'Member'} since {formatMonthYear(profile.created_at, timeZone)}
            </p>
          </div>
        </section>
        <Card title="ID verification" id="verification-heading">
          <VerificationStatus status={profile.id_verification_status} />
        </Card>
      </div>
      <div className="space-y-6">
        <Card title="Your details" id="details-heading">
          <ProfileDetailsForm key={profile.id} profile={profile} />
        </Card>
        <Card title="Location and security" id="settings-heading">
          <div className="space-y-3">
            <LinkRow to="/update_location" icon={<MapPin className="size-5" />} title="Your location" text={locationText(profile.location)} />
            <LinkRow to="/change_password" icon={<KeyRound className="size-5" />} title="Change password" text="Other devices are signed out when you change it" />
          </div>
        </Card>
        <Card title="Bookings and payments" id="bookings-heading">
          <div className="space-y-3">
            <LinkRow to="/ownerbooking" icon={<CalendarCheck className="size-5" />} title="My Bookings" text="Upcoming, past and cancelled bookings, with receipts" />
            <LinkRow to="/saved_vehicle" icon={<CarFront className="size-5" />} title="Saved vehicles" text="The vehicles you book with, and your default" />
            <LinkRow to="/payment_card" icon={<CreditCard className="size-5" />} title="Payment cards" text="Saved cards and your default card" />
          </div>
        </Card>
        <Card title="Business invoices (GST)" id="gst-heading">
          <TaxIdentityPanel
            path="profile/tax-identity"
            intro="Optional. Booking for a business? Add its GSTIN and registered name and they are printed on your invoices, so the business can claim the GST."
          />
        </Card>
        <NotificationSettings />
      </div>
    </div>
  );
}

export default function ProfilePage() {
  const profile = useProfile();
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        <DocumentTitle title="Profile" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Profile</h1>
        <p className="mt-1 text-slate-600">Your photo, details, location, security and notifications.</p>
        <div className="mt-6">
          {profile.data ? (
            <ProfileView profile={profile.data} />
          ) : profile.isError ? (
            <div role="alert" className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
              <p className="font-medium text-slate-900">We could not load your profile.</p>
              <Button variant="secondary" className="mt-4" onClick={() => void profile.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <PageSpinner />
          )}
        </div>
      </div>
    </div>
  );
}
