import { DocumentTitle } from '../../components/ui/page';
import { deferredPart } from '../../lib/deferred-part';
import { Hero } from './components/hero';
import { ParkingTypeGrid } from './components/parking-type-grid';

// below the first screen: drawn by the server, its code loaded when it scrolls into view
const LowerSections = deferredPart('home-lower-sections', () => import('./components/lower-sections'));

/** The guest home page. Kept light: no map library loads here. */
export default function HomePage() {
  return (
    <>
      <DocumentTitle title="" />
      <Hero />
      <ParkingTypeGrid />
      <LowerSections />
    </>
  );
}
