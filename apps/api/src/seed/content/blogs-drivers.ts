import type { BlogSeed } from './blogs';

export const MONTHLY_PARKING_BENGALURU: BlogSeed = {
  slug: 'monthly-parking-in-bengaluru',
  title: 'A practical guide to monthly parking in Bengaluru',
  excerpt:
    'Tired of circling the block every morning? Here is how to find a monthly space near your office or home in Bengaluru, what it should cost, and what to check before you book.',
  author: 'Meera Iyer',
  published_at: '2025-01-14T04:30:00Z',
  body: `If you drive to work in Bengaluru, you already know the daily ritual: leave early, circle the lanes around the office, squeeze in behind a row of two-wheelers and hope the car is still unscratched at six. A monthly parking space ends that ritual. You book once, you know exactly where you will park every day, and you usually pay far less than the sum of daily charges.

This guide explains where monthly spaces are found, what they cost, and what to check before you commit.

## Where monthly spaces come from

Most monthly spaces on Parkly are not in commercial car parks. They are:

- **Driveways and stilt parking** in independent houses, where the owner leaves for work in the morning or no longer owns a car.
- **Spare bays in apartment basements**, listed by residents who have two allotted spaces and one vehicle.
- **Small open lots** next to shops and clinics that are busy only on weekends.
- **Office and commercial basements** with more bays than tenants.

Because these spaces are spread across neighbourhoods, there is often one within a short walk of your office, even in crowded areas such as Koramangala, Indiranagar, Whitefield or the Outer Ring Road tech parks.

## What monthly parking costs

Prices depend on the area, whether the space is covered, and what comes with it. As a rough guide in 2025, an open driveway spot in a residential lane can cost ₹1,500 to ₹3,000 a month, a covered basement bay near a tech park ₹3,000 to ₹6,000, and a gated space with CCTV and EV charging in the central business district more than that. Two-wheeler spaces cost much less.

On Parkly, hosts set hourly, daily, weekly and monthly rates, and a longer rate always caps the shorter ones, so a month never costs more than the monthly price. Parkly adds a 5% service fee for drivers, and the total is shown before you pay.

## Choosing the right space

Think about how you will actually use it:

1. **Your hours.** Check the listing's opening hours. A house driveway may be free from 9 am to 7 pm only, which is perfect for office parking but not for overnight. If you need round-the-clock access, filter for 24/7 access.
2. **Your vehicle.** Choose your vehicle type when you search. An SUV needs a wider bay than a hatchback, and some basements have low ceilings.
3. **Covered or open.** During the monsoon, a covered space keeps your car cleaner and cooler, and protects it from falling branches.
4. **The walk.** A space ten minutes away on foot can still save you twenty minutes of searching. Look at the map, not just the price.
5. **Extras.** If you drive an electric car, look for EV charging. If you park late in the evening, lighting, CCTV and a security guard matter.

## Before you book

Read the access instructions once your booking is confirmed: some societies need your vehicle number at the gate, and some basements use a remote or a key card that the host hands over. Message the host from the listing if anything is unclear. Most hosts are happy to explain where to park and how the gate works.

Also check the cancellation policy. Flexible listings refund in full until an hour before the start, moderate ones until a day before, and strict ones give half back until a week before. For a monthly booking, a moderate or flexible policy gives you room if your plans change.

## Making it work day to day

Save your vehicle in your Parkly profile so the host knows which car to expect. Keep the host's access instructions handy on your phone for the first few days. If you will be away for a week, tell the host: some are happy to let someone else use the space, which is good for everyone.

A monthly space turns parking from a daily gamble into one less thing to think about. Search near your office, compare a few listings, and try it for one month. Most drivers who do never go back to circling the block.`,
};

export const LONG_TRIP_STORAGE: BlogSeed = {
  slug: 'storing-your-car-during-a-long-trip',
  title: 'Storing your car during a long trip: a checklist',
  excerpt:
    'Going abroad for a month, or home for the holidays? A car left alone for weeks needs a little preparation. Here is what to do before you go and when you come back.',
  author: 'Rohan Desai',
  published_at: '2025-04-02T05:00:00Z',
  body: `A car that sits unused for weeks is not as harmless as it looks. Batteries drain, tyres flatten where they touch the ground, rats find warm engine bays, and a car left on the street collects dust, dents and the occasional challan. If you are going away for a month or more, a proper storage space and half an hour of preparation will save you money and trouble when you return.

## Choose the right kind of space

For stays of a few weeks or months, look for **indoor storage** or a **covered, gated** space. A garage or basement protects your car from sun, rain and falling leaves; a gate and CCTV keep it safe from theft and tampering. On Parkly you can filter by covered, gated, CCTV and security guard, and book by the week or the month so you only pay the storage rate.

Check the listing's access rules too. If your return flight lands at midnight, you want a space you can get into at midnight, or at least a host who knows when you are coming.

## Before you leave

1. **Clean the car inside and out.** Food crumbs attract rodents and insects; bird droppings and tree sap damage paint if left for weeks.
2. **Fill the tank** to about three quarters. A fuller tank leaves less room for moisture, but do not bring spare fuel cans: they are not allowed in storage spaces.
3. **Check the tyres** and inflate them to the upper end of the recommended pressure. This reduces flat spots.
4. **Look after the battery.** For more than three weeks, either disconnect the negative terminal or ask the host whether a trickle charger can be connected. Modern cars with alarms and keyless entry drain a battery surprisingly fast.
5. **Release the handbrake** if the space is flat and you can leave the car in gear (or in park). A handbrake left on for weeks can stick, especially in humid weather.
6. **Keep rodents out.** Rats love the wiring in Indian engine bays. A few naphthalene balls in a cloth bag near (not on) the engine and a closed air intake help. Remove them when you return.
7. **Take photos** of all four sides, the odometer and the fuel gauge. If anything happens while you are away, you have a record.
8. **Remove valuables** and documents you do not need in the car. Keep the registration certificate and insurance papers as your policy requires.

## Paperwork and insurance

Your own insurance remains in force while the car is stored, so make sure it will not expire while you are away. If it will, renew it before you leave. Also check when your Pollution Under Control certificate is due; it is easier to sort out before a trip than after.

## Tell your host

Message the host with the dates you will be away, your vehicle number and the best way to reach you. If something unexpected happens, such as water in a basement during a heavy rain, they will know how to contact you. Save the host's access instructions on your phone so you have them on the day you return.

## When you come back

Walk around the car before you start it. Look for flat tyres, leaks under the car and signs of rodents, such as droppings or chewed material in the engine bay. Reconnect the battery if you disconnected it, check the tyre pressure, and let the engine idle for a minute before you drive off. Brakes may feel rough for the first few stops while surface rust wears off the discs; that is normal.

Storing a car well is mostly common sense, done before you leave rather than after you return. Book a covered space for the whole trip, spend half an hour on the checklist, and your car will be ready when you are.`,
};

export const AIRPORT_PARKING_TIPS: BlogSeed = {
  slug: 'airport-parking-tips',
  title: 'Airport parking tips: save money and start your trip calm',
  excerpt:
    'Airport car parks are convenient but expensive for long trips. A booked space nearby can cost a fraction as much. Here is how to plan airport parking in India.',
  author: 'Ananya Rao',
  published_at: '2025-06-18T03:30:00Z',
  body: `Driving yourself to the airport has real advantages: no negotiating with cabs at 4 am, room for all the luggage, and your own car waiting when you land tired. The catch is parking. Official airport car parks charge by the hour or the day, and for a trip of a week or more the bill can be larger than the return cab fare would have been. With a little planning you can park close to the airport for much less.

## Know your options

Around most large Indian airports you will find three kinds of parking:

- **The official airport car park.** The closest and the most expensive for long stays. Good for a few hours, for example when picking someone up.
- **Private spaces near the airport.** Houses, farms, hotels and small lots within a short drive of the terminal, many listed on Parkly with daily and weekly rates. Some hosts offer a drop to the terminal.
- **Spaces near a metro or airport bus stop.** In cities with good airport transport, such as Bengaluru with its airport buses or Delhi with the Airport Express line, you can park near a station in the city and ride the rest of the way.

## Book before you travel

Airport parking near holidays and long weekends fills up fast. Book as soon as you have your flight times. On Parkly, search near the airport, enter your drop-off and pick-up times, and only spaces free for the whole trip are shown, with the full price before you pay. A weekly rate usually makes a seven-day trip much cheaper than seven daily rates.

Allow a margin at both ends. Flights are delayed, and immigration queues can be long. Book a few hours after your expected landing time so you are not rushing to avoid an overstay.

## Check the access details

Once your booking is confirmed you will see the exact address and the host's access instructions. Read them before the day of travel:

1. **Opening hours.** If your flight leaves at 6 am, make sure you can get into the space at 4 am. Filter for 24/7 access if you travel at odd hours.
2. **Getting to the terminal.** Does the host offer a drop, or will you book a cab? How long does it take at that hour?
3. **Keys.** Some hosts with stacked parking ask you to leave a key so they can move your car. Only agree if you are comfortable, and note it in the chat.
4. **Contact.** Save the host's details and Parkly support's number, +91 80 4567 8900, in your phone.

## Prepare the car

For a trip longer than a week, follow the basics of car storage: remove valuables, take a few photos of the car and the odometer, and think about the battery if you will be away for several weeks. Do not leave anything visible on the seats.

## Compare the real cost

When you compare, count everything: the parking price, the service fee, and the cost of getting from the space to the terminal. A space twenty minutes away that costs half as much may not be a saving if the cab to the terminal costs more than the difference. For short trips the official car park can still win; for trips of four days or more, a private space nearby usually does.

## When you return

Message the host when you land, especially late at night, so they know to expect you. Check your car before you drive off, and if anything is wrong, tell the host and our support team straight away.

A booked airport space turns the start and end of a trip into the calm parts. Book early, read the access instructions, and keep a little margin for delays.`,
};
