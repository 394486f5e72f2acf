import type { PageSeed } from './pages';

const section = (entry_key: string, page_title: string, page_description: string): PageSeed => ({
  page_name: 'terms_and_condition',
  entry_key,
  page_title,
  page_description,
});

/** The terms and conditions, one entry per section, in plain English. */
export const TERMS_SEEDS: PageSeed[] = [
  section(
    'introduction',
    'Terms & Conditions',
    `Last updated: 1 March 2025

These terms are an agreement between you and Parkly Technologies Private Limited ("Parkly", "we"), a company registered in India with its office in Bengaluru. They apply whenever you use the Parkly website or app, as a driver who books a space ("guest"), as someone who lists a space ("host"), or both. By creating an account or making a booking you accept these terms and our [Privacy Policy](/privacy).`,
  ),
  section(
    'what-parkly-does',
    'What Parkly does',
    `Parkly is a marketplace. We help drivers find and book parking and vehicle storage offered by hosts, and we take payments on the hosts' behalf. We do not own, manage or inspect the spaces listed on Parkly. The host is responsible for their space and the guest for their vehicle and how they use the space.`,
  ),
  section(
    'accounts',
    'Your account',
    `- You must be at least 18 years old and give accurate information.
- Keep your password private. You are responsible for what happens in your account; tell us straight away if you think someone else has used it.
- One person, one account. Your account can switch between guest mode and host mode.
- We may ask you to verify your identity with a government ID such as an Aadhar card or voter ID card, for example before you host.
- You can delete your account at any time from the account menu.`,
  ),
  section(
    'bookings',
    'Bookings',
    `A booking is a contract between the guest and the host to use a specific space for a specific time. When a listing has **Instant Book**, your booking is confirmed as soon as payment succeeds. Otherwise your booking is a **request**: your card is authorised, the host has 24 hours to accept, and if they decline or do not answer, the authorisation is released and you are not charged.

Guests must arrive and leave within the booked times, park only in the space booked, follow the host's access instructions and reasonable rules, and leave the space as they found it. Staying past the end of a booking without booking more time is not allowed, and a host may ask you to move your vehicle.`,
  ),
  section(
    'prices-and-payment',
    'Prices, fees and payment',
    `Hosts set their own prices. The price you see before you pay is the total you will be charged: the host's price for your times plus Parkly's **5% guest service fee**. Hosts pay Parkly a **15% commission** on each booking, taken from the booking amount before payout. All amounts are in Indian rupees (INR).

Payments are made by card through our payment provider. Hosts must not ask for, or accept, payment outside Parkly for a booking made on Parkly.`,
  ),
  section(
    'cancellations',
    'Cancellations and refunds',
    `Each listing has one of three cancellation policies, shown before you book:

- **Flexible:** full refund if you cancel at least 1 hour before the booking starts.
- **Moderate:** full refund if you cancel at least 24 hours before the start; 50% refund after that.
- **Strict:** 50% refund if you cancel at least 7 days before the start; no refund after that.

If a host cancels a confirmed booking, the guest always receives a full refund. Refunds go back to the card used and usually appear within 5 to 7 working days, depending on your bank. We may also refund a guest in full when a space was not available or not as described.`,
  ),
  section(
    'hosts',
    'Hosting on Parkly',
    `- You must have the right to let the space, including any permission needed from your housing society, landlord or local authority.
- Describe your space honestly: its type, size limits, amenities and access. Keep your calendar and opening hours up to date so that every booking can be honoured.
- Give confirmed guests access for their whole booking. Cancel only when you truly must: repeated cancellations may lead to your listings being paused.
- You are responsible for any taxes on your earnings.`,
  ),
  section(
    'not-allowed',
    'What is not allowed',
    `You may not use Parkly to store anything illegal or dangerous (including fuel beyond what is in a vehicle's tank), to live or sleep in a vehicle in a space not listed for it, to repair vehicles in a space unless the host allows it, to harass other people, to post false listings or reviews, or to try to get around our payments, security or these terms. We may remove content, pause listings or close accounts that break these rules.`,
  ),
  section(
    'liability',
    'Damage, loss and liability',
    `Your own vehicle insurance stays in force while you park. Parkly does not provide insurance for vehicles or spaces. Hosts are responsible for keeping their space reasonably safe; guests are responsible for damage they cause to a space. If something goes wrong, tell the other person and our support team as soon as possible.

As far as Indian law allows, Parkly is not liable for loss or damage to vehicles or their contents, or for indirect losses. Nothing in these terms limits rights you have as a consumer under the Consumer Protection Act, 2019, or liability that cannot be limited by law.`,
  ),
  section(
    'disputes',
    'Disputes and governing law',
    `If you have a problem with a booking, contact us first at support@parkly.in; most issues are solved quickly that way. These terms are governed by the laws of India. Any dispute that cannot be resolved between us will be subject to the exclusive jurisdiction of the courts in Bengaluru, Karnataka.`,
  ),
  section(
    'changes',
    'Changes to these terms',
    `We may change these terms from time to time. We will tell you about important changes by e-mail or in the app at least 14 days before they take effect. Bookings made before a change keep the terms that applied when they were made.`,
  ),
  section(
    'contact',
    'Contact',
    `Parkly Technologies Private Limited, 4th Floor, 27 Residency Road, Ashok Nagar, Bengaluru 560025, Karnataka, India. E-mail support@parkly.in, phone +91 80 4567 8900.`,
  ),
];
