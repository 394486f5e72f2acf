export interface FaqSeed {
  category: string;
  question: string;
  answer: string;
}

const booking: FaqSeed[] = [
  {
    category: 'Booking',
    question: 'How do I book a parking space?',
    answer:
      'Search for the place you are going and choose your arrival and departure times. Parkly shows only the spaces that are free for your whole stay, with the full price. Open a listing, check the photos, rules and cancellation policy, then choose Book and pay by card. You will get a notification and an e-mail as soon as your booking is confirmed.',
  },
  {
    category: 'Booking',
    question: 'What is the difference between Instant Book and a booking request?',
    answer:
      'Listings marked **Instant Book** are confirmed the moment your payment goes through. Other listings take a **request**: your card is authorised but not charged, and the host has 24 hours to accept or decline. If the host declines or does not answer in time, the authorisation is released and you pay nothing.',
  },
  {
    category: 'Booking',
    question: 'Can I book monthly parking?',
    answer:
      'Yes. Many hosts offer weekly and monthly rates, which are much cheaper than paying by the day. Choose your start date and an end date a month later, or filter the search by monthly price. A longer rate always caps the shorter ones, so a month never costs more than the monthly price. Monthly parking is popular near offices, metro stations and apartment blocks without enough visitor parking.',
  },
  {
    category: 'Booking',
    question: 'Where do I find the exact address and access instructions?',
    answer:
      "To protect hosts' privacy, the listing page shows the area and an approximate map pin. Once your booking is confirmed, open it from My Bookings to see the full address and the host's access instructions, such as the gate code, which bay to use or who to call at the gate.",
  },
  {
    category: 'Booking',
    question: 'Can I change the times of my booking?',
    answer:
      "A confirmed booking cannot be edited. If your plans change, cancel it (the listing's cancellation policy decides the refund) and book the new times, or message the host from the listing to ask whether they can help.",
  },
  {
    category: 'Booking',
    question: 'Can I park near the airport while I travel?',
    answer:
      'Yes. Search near the airport and enter your drop-off and pick-up times: hosts nearby offer daily and weekly rates that usually cost far less than the airport car park for trips of a few days or more. Check the opening hours (filter for 24/7 access if you fly early or late), how you will get to the terminal, and leave a few hours of margin in case your flight is delayed.',
  },
  {
    category: 'Booking',
    question: 'Which cities is Parkly available in?',
    answer:
      'Parkly works anywhere in India where hosts list a space. Most spaces today are in Bengaluru, Mumbai, Delhi NCR, Hyderabad, Chennai and Pune, and new hosts join every week. Search for your destination to see what is available.',
  },
  {
    category: 'Booking',
    question: 'What should I do if my booked space is blocked or unavailable when I arrive?',
    answer:
      'If the gate is locked or someone else is parked in your space, first message the host from the booking; most problems are sorted out in minutes. If you cannot reach them, call Parkly support on +91 80 4567 8900 (we answer urgent access problems at any time). If the space was not available as booked, you get a full refund.',
  },
];

const payments: FaqSeed[] = [
  {
    category: 'Payments & refunds',
    question: 'What fees does Parkly charge drivers?',
    answer:
      "You pay the host's price for your times plus a 5% service fee. The total, with every line shown, appears before you pay, so there are no surprises at the gate. All prices are in Indian rupees (INR).",
  },
  {
    category: 'Payments & refunds',
    question: 'Which payment methods can I use?',
    answer:
      'You can pay with a debit or credit card. You can save a card for next time: Parkly keeps only the card brand, the last four digits and the expiry date, never the full card number or CVV. Hosts never handle cash for a Parkly booking.',
  },
  {
    category: 'Payments & refunds',
    question: 'When is my card charged?',
    answer:
      'For an Instant Book listing, your card is charged when you book. For a booking request, the amount is authorised when you send the request and charged only when the host accepts. If the host declines, or does not answer within 24 hours, the authorisation is released.',
  },
  {
    category: 'Payments & refunds',
    question: 'How long does a refund take?',
    answer:
      'We send refunds to your bank as soon as a booking is cancelled. They usually appear on your card statement within 5 to 7 working days, depending on your bank. You can see the refund amount on the cancelled booking in My Bookings.',
  },
  {
    category: 'Payments & refunds',
    question: 'How is the price of my booking worked out?',
    answer:
      'Hosts set hourly, daily, weekly and monthly rates. Parkly picks the cheapest combination for your times, and a longer rate always caps the shorter ones: a few hours never cost more than the daily rate, and a week never costs more than the weekly rate. The 5% service fee is added on top.',
  },
];

const cancellations: FaqSeed[] = [
  {
    category: 'Cancellations',
    question: 'How do I cancel my booking?',
    answer:
      'Open **My Bookings**, choose the booking and select **Cancel booking**. Before you confirm, Parkly shows exactly how much you will get back under the listing\'s cancellation policy. The refund goes back to the card you paid with.',
  },
  {
    category: 'Cancellations',
    question: 'What are the cancellation policies?',
    answer: `Every listing shows its policy before you book:

- **Flexible:** full refund if you cancel at least 1 hour before the start.
- **Moderate:** full refund if you cancel at least 24 hours before the start, 50% after that.
- **Strict:** 50% refund if you cancel at least 7 days before the start, no refund after that.`,
  },
  {
    category: 'Cancellations',
    question: 'What happens if the host cancels my booking?',
    answer:
      'If a host cancels a confirmed booking, you always get a full refund, whatever the listing\'s policy. We also let you know straight away so you can book another space nearby.',
  },
  {
    category: 'Cancellations',
    question: 'What if my booking request is declined or expires?',
    answer:
      'Nothing is charged. The amount authorised on your card is released, which usually takes a few working days to show in your bank account. You can book another space straight away.',
  },
];

const storage: FaqSeed[] = [
  {
    category: 'Vehicle storage',
    question: 'Can I store my car while I am away for a few weeks?',
    answer:
      'Yes. Look for indoor or outdoor storage listings, or any space with a weekly or monthly rate, and book it for the whole time you are away. Covered and gated spaces with CCTV are a good choice for long stays. Before you leave, remove valuables, note the odometer reading and take a few photos of your vehicle.',
  },
  {
    category: 'Vehicle storage',
    question: 'Can I store an RV, caravan, boat or trailer?',
    answer:
      'Yes. Filter your search by vehicle type (RV, boat or trailer) to see only spaces that fit them. Check the size limits on the listing, such as length and height, and the access instructions for getting a large vehicle in and out. Most storage hosts offer weekly or monthly rates.',
  },
  {
    category: 'Vehicle storage',
    question: 'Is there EV charging at Parkly spaces?',
    answer:
      'Some spaces have EV charging. Use the EV charging filter when you search, and read the listing to see the type of charger and whether charging is included in the price. Please move your vehicle or unplug when you are fully charged if the host asks you to, so the next driver can charge too.',
  },
  {
    category: 'Vehicle storage',
    question: 'Which vehicles can I park or store?',
    answer:
      'Motorcycles, hatchbacks, sedans, SUVs, vans, trucks, RVs, boats and trailers. Each listing says which vehicle types it accepts, so choose your vehicle type in the search and you will only see spaces that fit.',
  },
  {
    category: 'Vehicle storage',
    question: 'Is my vehicle insured while it is parked?',
    answer:
      'Your own vehicle insurance stays in force while you park or store with Parkly; Parkly does not provide separate vehicle insurance. Choose spaces with CCTV, gates or a security guard for extra peace of mind, and report any damage to the host and to us as soon as you notice it.',
  },
];

const hosts: FaqSeed[] = [
  {
    category: 'For hosts',
    question: 'How do I list my driveway, garage or parking space?',
    answer:
      'Choose **Become a Host** from the account menu, then **Add parking**. Describe the space (a driveway, garage, carport, covered bay, open lot or storage yard), choose the vehicles it fits, set your prices and publish. It takes about two minutes. You can add photos, opening hours and access instructions whenever you like.',
  },
  {
    category: 'For hosts',
    question: 'How much does it cost to list a space?',
    answer:
      'Listing is free. When a booking is paid, Parkly keeps a 15% commission from the booking amount and you keep the rest. There are no monthly fees.',
  },
  {
    category: 'For hosts',
    question: 'How and when do I get paid as a host?',
    answer:
      "Your earnings for a booking become available once the booking is completed. Open the **Earning** page to see what you have earned, by month and by listing, and request a payout to your bank account. Payouts usually reach your account within 3 working days.",
  },
  {
    category: 'For hosts',
    question: 'Do I need to verify my ID to host?',
    answer:
      'ID verification is quick: we ask hosts to upload a government ID proof, such as an Aadhar card or voter ID card. You can publish your listing while we review it. Once our team approves your ID, your listings show a verified badge, which helps drivers book with confidence. Your ID is stored privately and never shown to guests.',
  },
  {
    category: 'For hosts',
    question: 'Can I choose when my space is available?',
    answer:
      'Yes. Set weekly opening hours, a minimum and maximum booking length, and block out dates when you need the space yourself. You can pause a listing at any time; existing bookings are kept.',
  },
  {
    category: 'For hosts',
    question: 'Should I turn on Instant Book?',
    answer:
      'Instant Book gets you more bookings, because drivers can confirm straight away. If you prefer to approve each driver, turn it off: you will then accept or decline each request within 24 hours. Either way, you can message the driver before the booking starts.',
  },
  {
    category: 'For hosts',
    question: 'Can I list more than one parking space?',
    answer:
      'Yes. Set the capacity of a listing to the number of identical spaces you have, for example three bays in the same basement, and Parkly will take up to that many bookings at the same time. List different spaces, such as a garage and a driveway, as separate listings.',
  },
];

const account: FaqSeed[] = [
  {
    category: 'Account & safety',
    question: 'How do I switch between guest and host mode?',
    answer:
      'Open the account menu in the top bar and choose **Guest** or **Host**. Guest mode is for finding and booking spaces; host mode shows your listings, bookings and earnings. One account does both.',
  },
  {
    category: 'Account & safety',
    question: 'I forgot my password. How do I reset it?',
    answer:
      'On the login page choose **Forgot password** and enter your e-mail address. We will send you a link to set a new password; it works for one hour. For your security, resetting your password signs you out on every device.',
  },
  {
    category: 'Account & safety',
    question: 'How do I delete my account?',
    answer:
      'Open the account menu and choose **Delete Account**, then confirm. Your profile, photo, saved vehicles and saved cards are removed and you are signed out everywhere. We keep booking and payment records only as long as Indian law requires.',
  },
  {
    category: 'Account & safety',
    question: 'How does Parkly keep my data safe?',
    answer:
      'Passwords are stored only as a secure hash, card numbers never touch our servers, identity documents are kept private, and every connection is encrypted. We follow the Digital Personal Data Protection Act, 2023. Read our [Privacy Policy](/privacy) for the details.',
  },
  {
    category: 'Account & safety',
    question: 'How do I contact Parkly support?',
    answer:
      'E-mail support@parkly.in or call +91 80 4567 8900, Monday to Saturday, 9 am to 8 pm IST. You can also send us a message from the [Contact Us](/contact) page. If you are locked out of a space you have booked, call us at any time.',
  },
  {
    category: 'Account & safety',
    question: 'Is it safe to park at a stranger\'s home?',
    answer:
      'Every booking is paid through Parkly and recorded, hosts can verify their government ID, and you can read reviews from other drivers before you book. Use the in-app chat to ask the host questions. If anything feels wrong, leave and contact our support team.',
  },
];

/** At least 24 entries; the FAQ page and the support bot both answer from these. */
export const FAQ_SEEDS: FaqSeed[] = [...booking, ...payments, ...cancellations, ...storage, ...hosts, ...account];
