import type { PageSeed } from './pages';

const section = (entry_key: string, page_title: string, page_description: string): PageSeed => ({
  page_name: 'privacy',
  entry_key,
  page_title,
  page_description,
});

/** The privacy policy, one entry per section, in plain English. */
export const PRIVACY_SEEDS: PageSeed[] = [
  section(
    'introduction',
    'Privacy Policy',
    `Last updated: 1 March 2025

This policy explains what personal data Parkly Technologies Private Limited ("Parkly", "we") collects when you use the Parkly website and app, why we collect it, who we share it with and the choices you have. We process personal data in line with India's Digital Personal Data Protection Act, 2023 (the DPDP Act) and the rules made under it. When we say "you", we mean anyone who uses Parkly, whether as a driver, a host or both.`,
  ),
  section(
    'data-we-collect',
    'The data we collect',
    `- **Account details:** your name, e-mail address, phone number (if you give it), a profile photo (if you add one) and your password, which we store only as a secure one-way hash.
- **Identity documents:** if you choose to verify your identity, a copy of a government ID such as an Aadhar card or voter ID card. It is kept private and seen only by you and our verification team.
- **Bookings and listings:** the spaces you list or book, dates and times, prices, the vehicles you save (type and registration number) and the messages you exchange with hosts or drivers.
- **Payments:** our payment provider processes your card. We receive and keep only the card brand, the last four digits and the expiry date, never the full card number or CVV.
- **Location:** if you allow it, your device's location to show spaces near you. You can refuse and search by place name instead.
- **Technical data:** your IP address, browser type and the pages you use, kept in server logs to keep the service secure and working.`,
  ),
  section(
    'how-we-use',
    'How we use your data',
    `We use your data to run your account and your bookings: to show hosts who is coming, to show drivers how to get in, to take payments and pay hosts, to send booking confirmations and reminders, and to answer you when you contact support. We also use it to keep Parkly safe: to verify identities, to prevent fraud and misuse, and to enforce our [Terms & Conditions](/terms_and_condition).

We do not sell your personal data, and we do not use it for advertising by third parties.`,
  ),
  section(
    'sharing',
    'Who we share it with',
    `- **The other side of a booking.** When you book, the host sees your name, your vehicle and the booking times. When your booking is confirmed, you see the host's name, the exact address and the access instructions.
- **Service providers** that work for us under contract: our payment provider, cloud hosting, e-mail delivery and push notification services. They may use your data only to provide their service to us.
- **Authorities,** when Indian law requires it, for example in response to a valid order from a court or the police.

Some of our providers may store data outside India. When they do, we make sure the transfer is allowed under the DPDP Act and that your data stays protected.`,
  ),
  section(
    'retention',
    'How long we keep it',
    `We keep your account data while your account is open. When you delete your account, we remove your profile, photo, saved vehicles and saved cards straight away and close all your sessions. We keep booking and payment records for up to eight years, because Indian tax and accounting law requires it, and then delete them. Server logs are kept for at most 90 days.`,
  ),
  section(
    'your-rights',
    'Your rights',
    `Under the DPDP Act you have the right to:

- get a summary of the personal data we hold about you and how we use it;
- have inaccurate or incomplete data corrected and updated;
- have your data erased when it is no longer needed, for example by deleting your account from the account menu;
- withdraw consent you have given, such as for location access or push notifications, at any time;
- nominate another person to exercise your rights if you die or become unable to do so;
- have a grievance addressed by us, and then by the Data Protection Board of India if you are not satisfied.

To use any of these rights, write to privacy@parkly.in. We answer within 30 days.`,
  ),
  section(
    'security',
    'How we protect it',
    `All traffic to Parkly is encrypted. Passwords are hashed with a modern algorithm and never stored in readable form; sign-in sessions expire and are closed when you log out, change your password or delete your account. Identity documents are kept in private storage that is never publicly reachable. Only staff who need access for their work can see personal data, and that access is logged.`,
  ),
  section(
    'storage-and-cookies',
    'Cookies and storage on your device',
    `Parkly does not use advertising cookies. The app keeps a few items in your browser's storage so it works: your sign-in token, whether you are in guest or host mode, your push notification subscription and, if you allow it, your last location. Logging out or deleting your account clears them.`,
  ),
  section(
    'children',
    'Children',
    `Parkly is meant for adults. You must be at least 18 years old to create an account, and we do not knowingly collect personal data from children.`,
  ),
  section(
    'grievance-officer',
    'Grievance Officer and contact',
    `If you have a question or complaint about how we handle your data, contact our Grievance Officer:

Grievance Officer, Parkly Technologies Private Limited
4th Floor, 27 Residency Road, Ashok Nagar, Bengaluru 560025, Karnataka
E-mail: privacy@parkly.in

We will acknowledge your complaint within 48 hours and resolve it within 30 days.`,
  ),
  section(
    'changes',
    'Changes to this policy',
    `We may update this policy when our service or the law changes. If a change is significant, we will tell you by e-mail or in the app before it takes effect. The date at the top shows when it was last updated.`,
  ),
];
