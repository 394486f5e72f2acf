import type { BlogSeed } from './blogs';

export const EARN_FROM_DRIVEWAY: BlogSeed = {
  slug: 'earn-from-your-unused-driveway',
  title: 'How to earn from an unused driveway or garage',
  excerpt:
    'That empty driveway while you are at work, the second bay in your basement, the garage you only use for boxes: each can earn you money every month. Here is how to start.',
  author: 'Karthik Menon',
  published_at: '2025-02-20T05:30:00Z',
  body: `Walk down almost any residential street in an Indian city during office hours and you will see them: empty driveways, open stilt parking, gates closed on a space nobody is using. Meanwhile, a few hundred metres away, drivers are circling the block looking for somewhere to park. If you have a space that sits empty for part of the day, or all of it, you can turn it into a steady income in a few minutes.

## What kind of space can you list?

Almost any space a vehicle can use safely and legally:

- a **driveway** or the space in front of your gate that belongs to your property;
- a **garage** or **carport** you no longer need for your own car;
- a **spare bay** in your apartment basement (check your society's rules first);
- an **open plot** or a corner of a commercial property;
- **storage space** in a barn, warehouse or yard, for cars, bikes, caravans, boats or trailers.

You do not need to offer it all the time. Many hosts list their driveway only on weekdays from 9 to 6, when they are at work, and keep evenings and weekends for themselves.

## Setting your price

Look at what similar spaces nearby charge: search your own area on Parkly as a driver would. Then think about what makes yours better or worse. Covered spaces, CCTV, EV charging and 24/7 access are all worth more. A space two minutes from a metro station or a busy office area is worth more than one on a quiet back lane.

Set hourly, daily, weekly and monthly rates. The monthly rate is the one regular commuters look for, and a steady monthly guest is the easiest way to earn. Listing is free; Parkly keeps a 15% commission on each booking and you keep the rest.

## Listing in two minutes

1. Choose **Become a Host** from the account menu.
2. Choose the type of space and the vehicles it fits, from motorcycles to SUVs or boats.
3. Enter the address. Drivers see only the area until a booking is confirmed; the exact address and your access instructions are shared only with guests who have booked.
4. Set your prices, your cancellation policy and whether you want **Instant Book**.
5. Publish. You can add photos, opening hours and more details at any time.

Good photos make a real difference. Take them in daylight, show the entrance and the space itself, and include something that shows its size.

## Instant Book or requests?

With Instant Book on, drivers can book and pay straight away, and you get more bookings. With it off, each booking arrives as a request that you accept or decline within 24 hours. Many new hosts start with requests to get a feel for their guests, then switch to Instant Book once they are comfortable.

## Writing clear access instructions

Most problems between hosts and guests come from unclear instructions. Tell your guest exactly where to park, how to get in, whether the security guard needs the vehicle number, and who to call if the gate is locked. Keep it short and specific. These instructions are shown only after a booking is confirmed.

## Getting paid

Your earnings for each booking become available once the booking is completed. The **Earning** page shows your totals by month and by listing, and you can request a payout to your bank account. Because guests pay through Parkly, you never need to collect cash or chase payments.

## A few sensible rules

Check that you have the right to let the space, especially in an apartment or a rented house. Keep your calendar up to date and block out days when you need the space yourself, so that every booking can be honoured. Verify your government ID to earn the verified badge: drivers prefer hosts they can trust.

An empty space earns nothing. Listed, it can cover a good part of your EMI, your electricity bill or your weekend plans, and it helps a neighbour find a place to park.`,
};

export const EV_CHARGING_ETIQUETTE: BlogSeed = {
  slug: 'ev-charging-etiquette',
  title: 'EV charging etiquette at shared parking',
  excerpt:
    'Electric cars and scooters are multiplying faster than chargers. A few simple habits keep shared charging fair for everyone, drivers and hosts alike.',
  author: 'Meera Iyer',
  published_at: '2025-08-05T04:00:00Z',
  body: `India's electric vehicle numbers are climbing every month, from scooters on every street to electric cars in office basements. Chargers, especially in shared parking, have not kept up. When one charger serves several vehicles, a little courtesy decides whether it works for everyone or becomes a source of arguments. Here are the habits that keep shared EV charging fair.

## For drivers

**Book the space, not just the plug.** On Parkly, filter for EV charging and read the listing: it tells you the type of charger, its power and whether electricity is included in the price or charged separately. Do not assume every socket in a basement is yours to use.

**Bring the right cable.** Many home and basement chargers are simple sockets or wall boxes that need your own portable charger or cable. If you are unsure, ask the host before your booking starts.

**Charge, then move.** A charging bay is for charging. If the listing or the host asks you to move once you are full, do so, or unplug and leave the cable tidy so the next driver can use it. Most cars and apps can notify you when charging is complete.

**Never unplug someone else** unless the host's rules clearly allow it, and even then, only when their vehicle shows it is fully charged. If you think someone is blocking a charger unfairly, message the host rather than taking matters into your own hands.

**Keep it tidy.** Coil cables, do not run them across walkways, and never leave a cable plugged in without a vehicle attached.

**Report problems.** A tripping breaker, a damaged plug or a burning smell should be reported to the host immediately, and to Parkly support if you cannot reach them.

## For hosts

**Describe the charger honestly.** Say what kind it is, how many kilowatts it delivers, and what plug it has. A driver who needs a fast charge for a long trip will be disappointed by a slow socket, and a clear description avoids that.

**Decide how electricity is paid for.** You can include charging in your parking price, or charge a slightly higher rate for your EV bay than for your other bays. Say clearly in the listing which you have chosen.

**Have the wiring checked.** A charger running for hours puts a steady load on your wiring. Have a qualified electrician check the circuit, the earthing and the breaker, and use a proper EV charger or an industrial socket rather than a household plug.

**Write charging rules into your access instructions.** For example: "Charging is included. Please unplug and coil the cable when you leave. The charger is on the left wall, next to bay 2." Rules that are written down before the booking are rarely disputed.

**Price the bay fairly.** An EV bay is more valuable than a plain one, and drivers expect to pay a little more. Check what other charging spaces in your area cost.

## For everyone

Be patient. Charging takes time, and most drivers are as keen as you are to get going. A short, polite message through the Parkly chat solves most problems faster than a note under a wiper. As more hosts add chargers and more drivers switch to electric, these small habits make shared charging something everyone can rely on.`,
};

export const HOST_SAFETY_CHECKLIST: BlogSeed = {
  slug: 'safety-checklist-for-hosts',
  title: 'A safety checklist for Parkly hosts',
  excerpt:
    'Hosting is easy, and a few simple precautions make it safe too. Use this checklist before your first guest arrives and review it every few months.',
  author: 'Karthik Menon',
  published_at: '2025-10-09T05:00:00Z',
  body: `Most hosting on Parkly is uneventful in the best way: a guest arrives, parks, and leaves on time, and you get paid. Problems are rare, and when they happen they usually come from something simple, such as an unclear instruction, a poorly lit driveway or a missing rule. This checklist covers what experienced hosts do to keep their space, their guests and themselves safe.

## Your space

- **Light it well.** Guests arrive early in the morning and late at night. A motion-sensor light over the entrance and the bay is cheap and prevents most accidents.
- **Mark the bay.** Paint a line, put up a small sign or describe a landmark, so guests know exactly where to park and do not block your gate or a neighbour's.
- **Remove hazards.** Check for low branches, uneven paving, open drains and anything stored where a car might hit it. In the monsoon, make sure water drains away and the space does not flood.
- **Check size limits honestly.** Measure the width, length and height clearance and enter them in your listing. A guest with an SUV who cannot get in is a cancellation for you and a spoiled day for them.
- **Secure what is yours.** Lock away tools, bicycles and anything else you keep near the space.

## Your listing

- **Write clear access instructions.** Say exactly how to get in, where to park, whether the security guard needs the vehicle number and who to call if something goes wrong. These are shown only to guests with a confirmed booking.
- **Set rules.** For example: no repairs, no washing, no storage of fuel, no living in vehicles. Rules written in the listing are easier to enforce than rules explained after a problem.
- **Keep your calendar current.** Block out days when you need the space yourself. Cancelling a confirmed booking leaves a guest stranded and always means a full refund for them.
- **Choose the right booking mode.** If you want to approve each guest, turn Instant Book off and accept or decline requests within 24 hours.

## Your guests

- **Verify your own ID** with an Aadhar card or voter ID card. The verified badge tells guests you are genuine, and verified hosts attract more careful guests.
- **Talk through Parkly.** Keep conversations in the in-app chat. It creates a record if there is ever a disagreement, and you never need to share your personal number.
- **Never take payment outside Parkly.** Bookings paid through Parkly are recorded and covered by our cancellation and refund rules; cash deals are not.
- **Ask for the vehicle number.** Guests can save their vehicles in their profile. If a different car turns up, message the guest before letting it in.

## Your paperwork

- **Check your rights.** If you live in an apartment or rent your home, make sure your society rules or your rental agreement allow you to let the space.
- **Tell your insurer** if you store vehicles regularly on your property, and ask whether your home insurance covers it.
- **Keep a simple log.** Note anything unusual: damage you noticed when a guest arrived, a late departure, a complaint from a neighbour. Photos with dates help.

## When something goes wrong

Stay calm and polite, and message the guest through Parkly first. If a vehicle is left beyond its booking, or you notice damage, take photos and contact our support team at support@parkly.in or +91 80 4567 8900. We help hosts and guests settle problems fairly, and we act against people who break the rules.

Run through this checklist before your first booking and again every few months, especially before the monsoon. A safe, well-described space earns better reviews, more repeat guests and fewer worries.`,
};
