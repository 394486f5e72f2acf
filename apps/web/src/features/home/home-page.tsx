import { DocumentTitle } from '../../components/ui/page';
import { Hero } from './components/hero';
import { HostBanner } from './components/host-banner';
import { HowItWorks } from './components/how-it-works';
import { LatestBlogs } from './components/latest-blogs';
import { NearbySpaces } from './components/nearby-spaces';
import { ParkingTypeGrid } from './components/parking-type-grid';
import { TrustPoints } from './components/trust-points';

/** The guest home page. Kept light: no map library loads here. */
export default function HomePage() {
  return (
    <>
      <DocumentTitle title="" />
      <Hero />
      <ParkingTypeGrid />
      <NearbySpaces />
      <HowItWorks />
      <TrustPoints />
      <LatestBlogs />
      <HostBanner />
    </>
  );
}
