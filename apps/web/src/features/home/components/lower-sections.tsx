import { HostBanner } from './host-banner';
import { HowItWorks } from './how-it-works';
import { LatestBlogs } from './latest-blogs';
import { NearbySpaces } from './nearby-spaces';
import { TrustPoints } from './trust-points';

/** The home page under its first screen: spaces nearby, how it works, trust, the blog and hosting. */
export default function LowerSections() {
  return (
    <>
      <NearbySpaces />
      <HowItWorks />
      <TrustPoints />
      <LatestBlogs />
      <HostBanner />
    </>
  );
}
