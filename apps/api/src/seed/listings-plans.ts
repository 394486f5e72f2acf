import type { ParkingType, VehicleType } from '@parkly/shared/catalog';

/** Demo hosts besides host@parkly.test, each with a verified ID, owning a share of the demo listings. */
export const EXTRA_DEMO_HOSTS = {
  rohan: { name: 'Rohan Mehta', email: 'rohan.mehta@parkly.test', phone: '+91 98200 41122' },
  lakshmi: { name: 'Lakshmi Iyer', email: 'lakshmi.iyer@parkly.test', phone: '+91 94440 27315' },
  vikram: { name: 'Vikram Singh', email: 'vikram.singh@parkly.test', phone: '+91 98110 66840' },
} as const;
export type ExtraHost = keyof typeof EXTRA_DEMO_HOSTS;

export interface ListingPlan {
  city: string;
  /** a locality of places.data.ts, whose centre the listing sits near */
  locality: string;
  type: ParkingType;
  title: string;
  /** the street of the address line, also used in the access instructions */
  street: string;
  /** what the description says the space is close to */
  landmark: string;
  vehicles?: VehicleType[];
  host?: ExtraHost;
  status?: 'paused' | 'draft';
  /** an airport lot: long stays, a shuttle */
  airport?: boolean;
  /** how many two-wheelers share one unit, at about a third of the car rates (decision 040) */
  twoWheelers?: number;
}

/** PIN codes of the localities the demo listings are in. */
export const PIN_CODES: Record<string, string> = {
  Koramangala: '560034', Indiranagar: '560038', Whitefield: '560066', 'HSR Layout': '560102', Jayanagar: '560041',
  'Electronic City': '560100', 'MG Road': '560001', Malleshwaram: '560003', Hebbal: '560024', Marathahalli: '560037',
  Bellandur: '560103', 'Kempegowda International Airport': '560300',
  'Andheri West': '400058', 'Andheri East': '400069', 'Bandra West': '400050', 'Bandra Kurla Complex': '400051', 'Lower Parel': '400013',
  Colaba: '400005', Dadar: '400028', Juhu: '400049', Goregaon: '400063', Vashi: '400703', Chembur: '400071', Churchgate: '400020',
  'Connaught Place': '110001', 'Karol Bagh': '110005', Saket: '110017', 'Hauz Khas': '110016', 'Lajpat Nagar': '110024', Dwarka: '110075',
  Rohini: '110085', 'Vasant Kunj': '110070', 'Nehru Place': '110019', 'Greater Kailash': '110048', 'Indira Gandhi International Airport': '110037',
  'Chandni Chowk': '110006',
  Hinjewadi: '411057', 'Koregaon Park': '411001', Kothrud: '411038', Baner: '411045', 'Viman Nagar': '411014', Shivajinagar: '411005',
  Hadapsar: '411028', Wakad: '411057', Kharadi: '411014', Aundh: '411007', 'Pune Airport': '411032',
  'HITEC City': '500081', Gachibowli: '500032', 'Banjara Hills': '500034', 'Jubilee Hills': '500033', Madhapur: '500081', Kondapur: '500084',
  Secunderabad: '500003', Begumpet: '500016', Kukatpally: '500072', Charminar: '500002', 'Rajiv Gandhi International Airport': '500409',
  'T. Nagar': '600017', 'Anna Nagar': '600040', Adyar: '600020', Velachery: '600042', Sholinganallur: '600119', Guindy: '600032',
  Nungambakkam: '600034', Mylapore: '600004', Porur: '600116', Tambaram: '600045', 'Chennai International Airport': '600027',
};

const BIKES: VehicleType[] = ['motorcycle'];

/** The demo listings: six cities, every kind of space, written as hosts write them. */
export const LISTING_PLANS: ListingPlan[] = [
  // Bengaluru
  { city: 'Bengaluru', locality: 'Koramangala', type: 'covered_lot', title: 'Covered basement spot near Forum Mall, Koramangala', street: 'Hosur Road, 7th Block', landmark: 'Nexus (Forum) Mall', twoWheelers: 4 },
  { city: 'Bengaluru', locality: 'Indiranagar', type: 'driveway', title: 'Gated driveway in Indiranagar 2nd Stage', street: '12th Main Road, HAL 2nd Stage', landmark: '100 Feet Road' },
  { city: 'Bengaluru', locality: 'Whitefield', type: 'open_lot', title: 'Open lot parking near Phoenix Marketcity, Whitefield', street: 'ITPL Main Road', landmark: 'Phoenix Marketcity and ITPL' },
  { city: 'Bengaluru', locality: 'HSR Layout', type: 'garage', title: 'Private lockable garage off 27th Main, HSR Layout', street: '27th Main Road, Sector 2', landmark: 'the BDA Complex' },
  { city: 'Bengaluru', locality: 'Electronic City', type: 'outdoor_storage', title: 'Truck and trailer yard off Hosur Road, Electronic City', street: 'Neeladri Road, Phase 1', landmark: 'the Electronic City toll plaza', vehicles: ['truck', 'trailer', 'van'] },
  { city: 'Bengaluru', locality: 'Bellandur', type: 'outdoor_storage', title: 'RV and boat yard off Sarjapur Road', street: 'Kaikondrahalli, Sarjapur Road', landmark: 'Wipro Corporate Office', vehicles: ['rv', 'boat', 'trailer'] },
  { city: 'Bengaluru', locality: 'MG Road', type: 'covered_lot', title: 'Multi-level parking a short walk from MG Road Metro', street: 'Brigade Road', landmark: 'MG Road Metro and Brigade Road' },
  { city: 'Bengaluru', locality: 'Jayanagar', type: 'carport', title: 'Carport under a shady neem tree in Jayanagar 4th Block', street: '11th Main Road, 4th Block', landmark: 'the Jayanagar 4th Block shopping complex' },
  { city: 'Bengaluru', locality: 'Malleshwaram', type: 'street', title: 'Reserved street spot on Sampige Road, Malleshwaram', street: 'Sampige Road, 8th Cross', landmark: 'Mantri Square Mall' },
  { city: 'Bengaluru', locality: 'Hebbal', type: 'indoor_storage', title: 'Indoor car storage near Manyata Tech Park', street: 'Outer Ring Road, Nagawara', landmark: 'Manyata Tech Park' },
  { city: 'Bengaluru', locality: 'Marathahalli', type: 'driveway', title: 'Two-wheeler spot in a quiet driveway near Marathahalli Bridge', street: 'Munnekollal Main Road', landmark: 'Marathahalli Bridge', vehicles: BIKES, status: 'paused' },
  { city: 'Bengaluru', locality: 'Kempegowda International Airport', type: 'open_lot', title: 'Airport long-stay parking with free shuttle, Devanahalli', street: 'Bengaluru-Hyderabad Highway, Sadahalli', landmark: 'Kempegowda International Airport', airport: true },
  { city: 'Bengaluru', locality: 'HSR Layout', type: 'driveway', title: 'Second car spot in our HSR Layout driveway', street: '19th Main Road, Sector 3', landmark: 'HSR BDA Complex', status: 'draft' },
  // Mumbai
  { city: 'Mumbai', locality: 'Andheri West', type: 'covered_lot', title: 'Basement parking near Infiniti Mall, Andheri West', street: 'New Link Road, Oshiwara', landmark: 'Infiniti Mall', host: 'rohan' },
  { city: 'Mumbai', locality: 'Andheri East', type: 'open_lot', title: 'Open lot near Andheri East Metro, 10 minutes to T2', street: 'Andheri-Kurla Road, Chakala', landmark: 'Chakala Metro Station' },
  { city: 'Mumbai', locality: 'Bandra West', type: 'garage', title: 'Covered garage off Hill Road, Bandra West', street: 'Hill Road, Ranwar', landmark: 'Hill Road and Bandstand', host: 'rohan' },
  { city: 'Mumbai', locality: 'Bandra Kurla Complex', type: 'covered_lot', title: 'Office tower parking in BKC on weekdays', street: 'G Block, Bandra Kurla Complex', landmark: 'Jio World Centre' },
  { city: 'Mumbai', locality: 'Lower Parel', type: 'covered_lot', title: 'Valet-friendly bay near Phoenix Palladium, Lower Parel', street: 'Senapati Bapat Marg', landmark: 'Phoenix Palladium', host: 'rohan' },
  { city: 'Mumbai', locality: 'Colaba', type: 'street', title: 'Reserved spot a lane off Colaba Causeway', street: 'Best Marg, Colaba', landmark: 'Colaba Causeway and the Gateway of India' },
  { city: 'Mumbai', locality: 'Dadar', type: 'driveway', title: 'Society compound spot near Shivaji Park, Dadar', street: 'Keluskar Road, Shivaji Park', landmark: 'Shivaji Park', host: 'rohan' },
  { city: 'Mumbai', locality: 'Juhu', type: 'carport', title: 'Carport in a bungalow a lane from Juhu Beach', street: 'Juhu Tara Road', landmark: 'Juhu Beach' },
  { city: 'Mumbai', locality: 'Goregaon', type: 'indoor_storage', title: 'Indoor storage for cars and bikes near Film City Road', street: 'Film City Road, Goregaon East', landmark: 'Oberoi Mall', host: 'rohan' },
  { city: 'Mumbai', locality: 'Vashi', type: 'outdoor_storage', title: 'Truck and trailer yard off Palm Beach Road, Vashi', street: 'Sector 17, Palm Beach Road', landmark: 'the APMC market', vehicles: ['truck', 'trailer', 'van'] },
  { city: 'Mumbai', locality: 'Chembur', type: 'outdoor_storage', title: 'Secure yard for boats and caravans near Chembur', street: 'RC Marg, Chembur', landmark: 'the Eastern Freeway', vehicles: ['boat', 'rv', 'trailer'], host: 'rohan' },
  { city: 'Mumbai', locality: 'Churchgate', type: 'open_lot', title: 'Monthly parking five minutes from Churchgate Station', street: 'Maharshi Karve Road', landmark: 'Churchgate Station and Oval Maidan' },
  // Delhi
  { city: 'Delhi', locality: 'Connaught Place', type: 'covered_lot', title: 'Underground parking at Connaught Place Inner Circle', street: 'Inner Circle, Block B', landmark: 'Rajiv Chowk Metro', host: 'vikram' },
  { city: 'Delhi', locality: 'Karol Bagh', type: 'street', title: 'Reserved two-wheeler spot near Ajmal Khan Road', street: 'Ajmal Khan Road', landmark: 'the Karol Bagh market', vehicles: BIKES },
  { city: 'Delhi', locality: 'Saket', type: 'covered_lot', title: 'Mall basement parking near Select Citywalk, Saket', street: 'Press Enclave Marg', landmark: 'Select Citywalk', host: 'vikram' },
  { city: 'Delhi', locality: 'Hauz Khas', type: 'driveway', title: 'Kothi driveway near Hauz Khas Village', street: 'Aurobindo Marg, Hauz Khas Enclave', landmark: 'Hauz Khas Village and Deer Park' },
  { city: 'Delhi', locality: 'Lajpat Nagar', type: 'open_lot', title: 'Open lot near Lajpat Nagar Central Market', street: 'Ring Road, Lajpat Nagar IV', landmark: 'the Central Market', host: 'vikram' },
  { city: 'Delhi', locality: 'Dwarka', type: 'outdoor_storage', title: 'RV and trailer yard near the Dwarka Expressway', street: 'Sector 23, Dwarka', landmark: 'the Dwarka Expressway', vehicles: ['rv', 'trailer', 'truck'] },
  { city: 'Delhi', locality: 'Rohini', type: 'indoor_storage', title: 'Indoor two-wheeler storage in Rohini Sector 9', street: 'Sector 9, Rohini', landmark: 'Rithala Metro', vehicles: BIKES, host: 'vikram' },
  { city: 'Delhi', locality: 'Vasant Kunj', type: 'garage', title: 'Private garage near DLF Promenade, Vasant Kunj', street: 'Nelson Mandela Marg', landmark: 'DLF Promenade and Ambience Mall' },
  { city: 'Delhi', locality: 'Nehru Place', type: 'open_lot', title: 'Office parking next to Nehru Place Metro', street: 'Nehru Place Commercial Complex', landmark: 'Nehru Place Metro', host: 'vikram' },
  { city: 'Delhi', locality: 'Greater Kailash', type: 'carport', title: 'Covered carport in GK-2, M Block', street: 'M Block, Greater Kailash II', landmark: 'M Block Market' },
  { city: 'Delhi', locality: 'Indira Gandhi International Airport', type: 'open_lot', title: 'Long-stay parking 10 minutes from IGI Terminal 3', street: 'Mahipalpur Extension, NH-48', landmark: 'IGI Airport Terminal 3', airport: true, host: 'vikram' },
  { city: 'Delhi', locality: 'Chandni Chowk', type: 'garage', title: 'Lock-up garage for bikes near Chandni Chowk Metro', street: 'Nai Sarak', landmark: 'Chandni Chowk Metro', vehicles: BIKES },
  // Pune
  { city: 'Pune', locality: 'Hinjewadi', type: 'open_lot', title: 'Open parking near Hinjewadi Phase 1 IT Park', street: 'Rajiv Gandhi Infotech Park, Phase 1', landmark: 'Infosys Circle' },
  { city: 'Pune', locality: 'Koregaon Park', type: 'driveway', title: 'Bungalow driveway in Koregaon Park Lane 5', street: 'Lane 5, North Main Road', landmark: 'the Osho Garden' },
  { city: 'Pune', locality: 'Kothrud', type: 'carport', title: 'Covered carport near Karishma Society, Kothrud', street: 'Karve Road', landmark: 'Karishma Chowk' },
  { city: 'Pune', locality: 'Baner', type: 'garage', title: 'Lockable garage on Baner High Street', street: 'Baner Road', landmark: 'Baner High Street' },
  { city: 'Pune', locality: 'Viman Nagar', type: 'covered_lot', title: 'Basement parking near Phoenix Marketcity, Viman Nagar', street: 'Nagar Road', landmark: 'Phoenix Marketcity' },
  { city: 'Pune', locality: 'Shivajinagar', type: 'street', title: 'Reserved spot near Shivajinagar court and FC Road', street: 'Jangli Maharaj Road', landmark: 'FC Road' },
  { city: 'Pune', locality: 'Hadapsar', type: 'outdoor_storage', title: 'Caravan and boat yard off the Solapur Highway', street: 'Solapur Road, Hadapsar', landmark: 'Magarpatta', vehicles: ['rv', 'boat', 'trailer'] },
  { city: 'Pune', locality: 'Wakad', type: 'indoor_storage', title: 'Indoor car storage near Wakad Bridge', street: 'Datta Mandir Road, Wakad', landmark: 'the Mumbai-Bangalore Highway' },
  { city: 'Pune', locality: 'Kharadi', type: 'covered_lot', title: 'EV-ready covered bay near EON IT Park, Kharadi', street: 'Kharadi Bypass Road', landmark: 'EON IT Park' },
  { city: 'Pune', locality: 'Aundh', type: 'driveway', title: 'Quiet driveway off ITI Road, Aundh', street: 'ITI Road, Aundh', landmark: 'Westend Mall' },
  { city: 'Pune', locality: 'Pune Airport', type: 'open_lot', title: 'Airport parking in Lohegaon with a free drop to the terminal', street: 'Airport Road, Lohegaon', landmark: 'Pune Airport', airport: true },
  // Hyderabad
  { city: 'Hyderabad', locality: 'HITEC City', type: 'covered_lot', title: 'Covered parking near Cyber Towers, HITEC City', street: 'Cyber Towers Road', landmark: 'Cyber Towers' },
  { city: 'Hyderabad', locality: 'Gachibowli', type: 'open_lot', title: 'Open lot near DLF Cyber City, Gachibowli', street: 'Old Mumbai Highway', landmark: 'DLF Cyber City' },
  { city: 'Hyderabad', locality: 'Banjara Hills', type: 'driveway', title: 'Villa driveway on Road No. 12, Banjara Hills', street: 'Road No. 12, Banjara Hills', landmark: 'GVK One Mall' },
  { city: 'Hyderabad', locality: 'Jubilee Hills', type: 'garage', title: 'Private garage near Jubilee Hills Check Post', street: 'Road No. 36, Jubilee Hills', landmark: 'Jubilee Hills Check Post' },
  { city: 'Hyderabad', locality: 'Madhapur', type: 'covered_lot', title: 'Basement parking near Inorbit Mall, Madhapur', street: 'Mindspace Road', landmark: 'Inorbit Mall' },
  { city: 'Hyderabad', locality: 'Kondapur', type: 'carport', title: 'Carport in a gated community in Kondapur', street: 'Botanical Garden Road', landmark: 'Botanical Garden' },
  { city: 'Hyderabad', locality: 'Secunderabad', type: 'street', title: 'Reserved spot near Secunderabad Railway Station', street: 'SD Road', landmark: 'Secunderabad Railway Station' },
  { city: 'Hyderabad', locality: 'Begumpet', type: 'indoor_storage', title: 'Indoor storage for classic cars near Begumpet', street: 'Prakash Nagar', landmark: 'Begumpet Metro' },
  { city: 'Hyderabad', locality: 'Kukatpally', type: 'outdoor_storage', title: 'Truck and trailer parking near KPHB Colony', street: 'KPHB Phase 6', landmark: 'JNTU Metro', vehicles: ['truck', 'trailer', 'van'] },
  { city: 'Hyderabad', locality: 'Charminar', type: 'open_lot', title: 'Two-wheeler parking a short walk from Charminar', street: 'Sardar Patel Road, Pathergatti', landmark: 'Charminar and Laad Bazaar', vehicles: BIKES },
  { city: 'Hyderabad', locality: 'Rajiv Gandhi International Airport', type: 'open_lot', title: 'Long-term parking near RGIA, Shamshabad', street: 'Airport Approach Road, Shamshabad', landmark: 'Rajiv Gandhi International Airport', airport: true },
  // Chennai
  { city: 'Chennai', locality: 'T. Nagar', type: 'covered_lot', title: 'Multi-level parking near Pondy Bazaar, T. Nagar', street: 'Thyagaraya Road', landmark: 'Pondy Bazaar', host: 'lakshmi' },
  { city: 'Chennai', locality: 'Anna Nagar', type: 'driveway', title: 'Independent house driveway near Anna Nagar Tower Park', street: '3rd Avenue, Anna Nagar', landmark: 'Anna Nagar Tower Park' },
  { city: 'Chennai', locality: 'Adyar', type: 'carport', title: 'Carport in Gandhi Nagar, Adyar', street: '2nd Main Road, Gandhi Nagar', landmark: 'the Adyar signal', host: 'lakshmi' },
  { city: 'Chennai', locality: 'Velachery', type: 'covered_lot', title: 'Basement parking near Phoenix MarketCity, Velachery', street: 'Velachery Main Road', landmark: 'Phoenix MarketCity' },
  { city: 'Chennai', locality: 'Sholinganallur', type: 'open_lot', title: 'Open lot on OMR near Sholinganallur Junction', street: 'Rajiv Gandhi Salai (OMR)', landmark: 'Sholinganallur Junction', host: 'lakshmi' },
  { city: 'Chennai', locality: 'Guindy', type: 'indoor_storage', title: 'Indoor vehicle storage near Guindy Industrial Estate', street: 'SIDCO Industrial Estate', landmark: 'Guindy Metro', host: 'lakshmi' },
  { city: 'Chennai', locality: 'Nungambakkam', type: 'street', title: 'Reserved spot near Khader Nawaz Khan Road', street: 'Khader Nawaz Khan Road', landmark: 'Khader Nawaz Khan Road cafes' },
  { city: 'Chennai', locality: 'Mylapore', type: 'garage', title: 'Old-style garage near Kapaleeshwarar Temple, Mylapore', street: 'North Mada Street', landmark: 'Kapaleeshwarar Temple', host: 'lakshmi' },
  { city: 'Chennai', locality: 'Porur', type: 'outdoor_storage', title: 'Boat and RV yard off Mount-Poonamallee Road', street: 'Mount-Poonamallee Road, Porur', landmark: 'the Porur junction', vehicles: ['boat', 'rv', 'trailer'] },
  { city: 'Chennai', locality: 'Tambaram', type: 'outdoor_storage', title: 'Truck parking yard by the Tambaram bypass', street: 'GST Road, Tambaram', landmark: 'the Tambaram bypass', vehicles: ['truck', 'trailer', 'van'], host: 'lakshmi' },
  { city: 'Chennai', locality: 'Chennai International Airport', type: 'open_lot', title: 'Airport parking in Meenambakkam with shuttle', street: 'GST Road, Meenambakkam', landmark: 'Chennai International Airport', airport: true },
];
