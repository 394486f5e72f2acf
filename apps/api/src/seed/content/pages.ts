import type { PageName } from '@parkly/shared/content';
import { PRIVACY_SEEDS } from './privacy';
import { TERMS_SEEDS } from './terms';

export interface PageSeed {
  page_name: PageName;
  entry_key: string;
  page_title: string;
  page_description: string;
}

/**
 * The text of every content page. A page is a list of entries shown in this order; descriptions use
 * the small markdown the web renders: blank-line paragraphs, '## ' headings, '- ' and '1. ' lists,
 * **bold** and [links](/path).
 */
const support: PageSeed[] = [
  { page_name: 'support', entry_key: 'email', page_title: 'Support e-mail address', page_description: 'support@parkly.in' },
  { page_name: 'support', entry_key: 'phone_number', page_title: 'Support phone number', page_description: '+91 80 4567 8900' },
  {
    page_name: 'support',
    entry_key: 'address',
    page_title: 'Office address',
    page_description: 'Parkly Technologies Private Limited\n4th Floor, 27 Residency Road\nAshok Nagar, Bengaluru 560025\nKarnataka, India',
  },
  {
    page_name: 'support',
    entry_key: 'hours',
    page_title: 'Support hours',
    page_description:
      'Monday to Saturday, 9 am to 8 pm IST\nOur support team is open by phone and e-mail on these days, except national holidays. If you cannot get into a space you have booked, call us at any time.',
  },
];

const footer: PageSeed[] = [
  {
    page_name: 'footer',
    entry_key: 'about',
    page_title: 'About Parkly',
    page_description:
      'Parkly is an all-in-one solution for all types of parking and vehicle storage. Book a driveway for an hour, a covered bay for the month or a secure yard for your boat, and pay only for the time you need. Hosts across India earn from space they are not using.',
  },
  { page_name: 'footer', entry_key: 'facebook', page_title: 'Facebook', page_description: 'https://www.facebook.com/parklyindia' },
  { page_name: 'footer', entry_key: 'instagram', page_title: 'Instagram', page_description: 'https://www.instagram.com/parkly.india' },
  { page_name: 'footer', entry_key: 'x', page_title: 'X', page_description: 'https://x.com/parklyindia' },
  { page_name: 'footer', entry_key: 'tiktok', page_title: 'TikTok', page_description: 'https://www.tiktok.com/@parklyindia' },
];

const aboutus: PageSeed[] = [
  {
    page_name: 'aboutus',
    entry_key: 'mission',
    page_title: 'Our mission',
    page_description: `Parkly is an all-in-one solution for all types of parking and vehicle storage. We want every driver in India to know, before they leave home, exactly where they will park and what it will cost, and we want every unused driveway, garage and yard to earn for the people who own it.

Indian cities have more vehicles every year and very little new road space. At the same time, thousands of parking spaces stand empty for most of the day: the office basement at night, the house driveway while its owner is at work, the society's visitor bays on a weekday. Parkly connects the two.`,
  },
  {
    page_name: 'aboutus',
    entry_key: 'story',
    page_title: 'Our story',
    page_description: `Parkly started in Bengaluru in 2024, after one of our founders spent forty minutes circling Indiranagar looking for a place to leave his car while his neighbour's gate, two streets away, opened onto an empty driveway. He knocked, asked, and paid ₹100 for the afternoon. The idea was simple: make that knock on the gate something anyone can do from a phone, safely and fairly.

We began with a few dozen driveways in Koramangala and HSR Layout. Today drivers use Parkly for daily office parking, monthly spaces near home, airport trips, and long-term storage for cars, bikes, caravans and boats, and hosts list everything from a single covered bay to a gated yard with CCTV.`,
  },
  {
    page_name: 'aboutus',
    entry_key: 'different',
    page_title: 'What makes us different',
    page_description: `- **No double booking, ever.** Every space is held for you the moment you book, and our system makes it impossible for two people to book the same space for overlapping times.
- **Honest prices.** You see the full price, including our 5% service fee, before you pay. No surprise charges at the gate.
- **Listing in two minutes.** Hosts describe the space, set a price and publish. Photos, opening hours and rules can be added any time.
- **Verified people.** Hosts and drivers can verify a government ID such as an Aadhar card or voter ID card, and verified hosts carry a badge on their listings.
- **Fair cancellation rules.** Each listing shows its cancellation policy up front, and if a host cancels you always get a full refund.
- **Real support.** Our team in Bengaluru answers e-mails and calls six days a week.`,
  },
  {
    page_name: 'aboutus',
    entry_key: 'team',
    page_title: 'The people behind Parkly',
    page_description: `We are a small team of engineers, designers and support staff who drive, ride and park in Indian cities every day. If you have an idea that would make parking easier, we would love to hear it: write to us from the [Contact Us](/contact) page.`,
  },
];

const work: PageSeed[] = [
  {
    page_name: 'work',
    entry_key: 'drivers',
    page_title: 'For drivers: search, book, park',
    page_description: `1. **Search.** Enter where you are going and when. Parkly shows the spaces that are free for your whole time, on a map and in a list, with the full price for your stay. Filter by covered parking, EV charging, CCTV, 24/7 access or the size of your vehicle.
2. **Book.** Pick a space and pay by card. Spaces with **Instant Book** are confirmed straight away. Others are a **request**: your card is authorised and the host has 24 hours to accept, otherwise nothing is charged.
3. **Park.** Once your booking is confirmed you see the exact address and the host's access instructions, such as the gate code or which bay is yours. Drive in, park, and leave on time.

Need a space every day? Book by the week or the month for a lower rate. Going away? Storage spaces keep your car, bike, caravan or boat safe for as long as you need.`,
  },
  {
    page_name: 'work',
    entry_key: 'hosts',
    page_title: 'For hosts: list, get booked, get paid',
    page_description: `1. **List in two minutes.** Choose **Become a Host**, describe your space (driveway, garage, covered bay, open lot or storage yard), set hourly, daily, weekly or monthly prices and publish. You can add photos, opening hours and access instructions whenever you like.
2. **Get booked.** Drivers find your space when they search nearby. With Instant Book on, bookings are confirmed automatically; with it off, you accept or decline each request within 24 hours. Block out dates when you need the space yourself.
3. **Get paid.** Your earnings for each booking become available once it is completed. Request a payout from the Earning page and the money reaches your bank account.

Listing is free. Parkly keeps a 15% commission on each booking and you keep the rest.`,
  },
  {
    page_name: 'work',
    entry_key: 'fees',
    page_title: 'Fees, simply',
    page_description: `- Drivers pay the host's price plus a **5% service fee**, shown before payment.
- Hosts pay a **15% commission** on each booking. There is no fee to list.
- All prices are in Indian rupees (INR).
- If a booking is cancelled, the refund follows the listing's cancellation policy: flexible, moderate or strict. When a host cancels, the driver always gets a full refund.`,
  },
  {
    page_name: 'work',
    entry_key: 'trust',
    page_title: 'Safety and trust',
    page_description: `Every booking is paid through Parkly, so hosts never need to handle cash and drivers have a record of what they paid. Hosts can verify a government ID and earn a verified badge. You can message the other person from inside the app before and during a booking, and our support team is one e-mail or call away if anything goes wrong.`,
  },
];

const contact: PageSeed[] = [
  {
    page_name: 'contact',
    entry_key: 'intro',
    page_title: 'Contact Us',
    page_description: `Questions about a booking, a payment, your listing or your account? Send us a message with the form below and our support team will reply by e-mail, usually within one working day.

If your question is about a specific booking, include the listing name and the date, so we can find it quickly. If you are locked out of a space you have booked, please call us instead: we answer the phone for urgent access problems at any time.`,
  },
];

export const PAGE_SEEDS: PageSeed[] = [...support, ...footer, ...aboutus, ...work, ...contact, ...PRIVACY_SEEDS, ...TERMS_SEEDS];
