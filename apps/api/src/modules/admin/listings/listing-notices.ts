/** What the host hears when the console moderates their listing: a notification, a push and an e-mail. */
import type { Queryable } from '../../../db/database';
import { listingApprovedMail, listingRejectedMail, listingReinstatedMail, listingSuspendedMail } from '../../mail/templates/moderation-mails';
import { notify } from '../../notifications/notify';
import type { AdminListingDetailDb } from './admin-listings.repository';

type Action = { action: 'suspend'; reason: string } | { action: 'reinstate' } | { action: 'approve' } | { action: 'reject'; reason: string };

export async function notifyHost(tx: Queryable, publicUrl: string, listing: AdminListingDetailDb, m: Action) {
  const title = listing.title ?? 'Your listing';
  const url = `/Manage_parking?id=${encodeURIComponent(listing.id)}`;
  const d = { name: listing.host_name, title, url: `${publicUrl}${url}` };
  const notice = (() => {
    switch (m.action) {
      case 'suspend':
        return { title: 'Your listing was taken down', description: `Parkly has taken "${title}" down: ${m.reason}`, mail: listingSuspendedMail({ ...d, reason: m.reason }) };
      case 'reinstate':
        return { title: 'Your listing is back', description: `"${title}" is no longer taken down.`, mail: listingReinstatedMail(d) };
      case 'approve':
        return { title: 'Your listing is approved', description: `"${title}" is live: drivers can find and book it.`, mail: listingApprovedMail(d) };
      case 'reject':
        return { title: 'Your listing was not approved', description: `"${title}" was not approved: ${m.reason}`, mail: listingRejectedMail({ ...d, reason: m.reason }) };
    }
  })();
  // no push kind fits a decision about the host's listing, and it matters: pushed whatever kinds are muted
  await notify(tx, { userId: listing.host_id, ...notice, push: { url } });
}
