import { Car, House } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { ContentPage } from './components/content-page';
import { HelpAside } from './components/help-aside';

function StartCard() {
  return (
    <div className="rounded-2xl bg-brand-900 p-5 text-white shadow-sm">
      <h2 className="font-semibold">Ready to start?</h2>
      <p className="mt-1 text-sm text-brand-100">Book a space in minutes, or list yours and start earning.</p>
      <div className="mt-4 grid grid-cols-1 gap-2">
        <Link to="/parking" className={buttonClass('secondary', 'border-transparent')}>
          <Car aria-hidden="true" className="size-4" /> Find parking
        </Link>
        <Link to="/welcomehost" className={buttonClass('ghost', 'text-white ring-1 ring-white/40 hover:bg-white/10')}>
          <House aria-hidden="true" className="size-4" /> List your space
        </Link>
      </div>
    </div>
  );
}

export default function WorkPage() {
  return (
    <ContentPage
      pageName="work"
      title="How Parkly works"
      eyebrow="Drivers and hosts"
      intro="Drivers book a space ahead and drive straight in. Hosts list a space they are not using and get paid for every booking."
      aside={
        <>
          <StartCard />
          <HelpAside />
        </>
      }
    />
  );
}
