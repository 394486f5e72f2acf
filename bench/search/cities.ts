/** The six cities the benchmark spreads listings over, with a share of the listings each. */
export interface City {
  name: string;
  state: string;
  lat: number;
  lng: number;
  /** relative share of the listings */
  weight: number;
  postalPrefix: string;
  localities: string[];
}

export const CITIES: City[] = [
  {
    name: 'Bengaluru',
    state: 'Karnataka',
    lat: 12.9716,
    lng: 77.5946,
    weight: 22,
    postalPrefix: '560',
    localities: ['Koramangala', 'Indiranagar', 'Whitefield', 'HSR Layout', 'Jayanagar', 'Malleshwaram', 'Hebbal', 'Electronic City', 'Marathahalli', 'BTM Layout'],
  },
  {
    name: 'Mumbai',
    state: 'Maharashtra',
    lat: 19.076,
    lng: 72.8777,
    weight: 22,
    postalPrefix: '400',
    localities: ['Andheri', 'Bandra', 'Powai', 'Dadar', 'Colaba', 'Goregaon', 'Malad', 'Worli', 'Chembur', 'Borivali'],
  },
  {
    name: 'Delhi',
    state: 'Delhi',
    lat: 28.6139,
    lng: 77.209,
    weight: 20,
    postalPrefix: '110',
    localities: ['Connaught Place', 'Karol Bagh', 'Lajpat Nagar', 'Saket', 'Dwarka', 'Rohini', 'Vasant Kunj', 'Hauz Khas', 'Janakpuri', 'Mayur Vihar'],
  },
  {
    name: 'Hyderabad',
    state: 'Telangana',
    lat: 17.385,
    lng: 78.4867,
    weight: 14,
    postalPrefix: '500',
    localities: ['Banjara Hills', 'Jubilee Hills', 'Gachibowli', 'HITEC City', 'Kondapur', 'Secunderabad', 'Madhapur', 'Ameerpet', 'Kukatpally', 'Begumpet'],
  },
  {
    name: 'Pune',
    state: 'Maharashtra',
    lat: 18.5204,
    lng: 73.8567,
    weight: 11,
    postalPrefix: '411',
    localities: ['Koregaon Park', 'Hinjewadi', 'Kothrud', 'Viman Nagar', 'Baner', 'Aundh', 'Hadapsar', 'Wakad', 'Shivajinagar', 'Kharadi'],
  },
  {
    name: 'Chennai',
    state: 'Tamil Nadu',
    lat: 13.0827,
    lng: 80.2707,
    weight: 11,
    postalPrefix: '600',
    localities: ['T. Nagar', 'Adyar', 'Anna Nagar', 'Velachery', 'Mylapore', 'Nungambakkam', 'Guindy', 'Porur', 'Tambaram', 'OMR'],
  },
];

/** Standard deviation of a listing's distance from its city centre, per axis, in km. */
export const SPREAD_KM = 8;
export const KM_PER_DEGREE = 111.195;
