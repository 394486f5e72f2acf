import { House } from 'lucide-react';
import { Link } from 'react-router';
import { HeroSearch } from './hero-search';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-500/20 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-8 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_28rem] lg:gap-12">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-50 ring-1 ring-white/20">
            Parking and vehicle storage across India
          </p>
          <h1 className="mt-5 text-3xl leading-tight font-bold tracking-tight sm:text-5xl">Park closer. Store safer. Pay only for the time you need.</h1>
          <p className="mt-4 max-w-xl text-base text-brand-50 sm:mt-5 sm:text-lg">
            Find and book parking and vehicle storage by the hour, day or month. Have a driveway, garage or lot you do not use? Earn from your space.
          </p>
          <p className="mt-6 hidden lg:block">
            <Link
              to="/welcomehost"
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 text-base font-semibold text-white ring-1 ring-white/50 hover:bg-white/10"
            >
              <House aria-hidden="true" className="size-5" /> List your space
            </Link>
          </p>
        </div>
        <HeroSearch />
      </div>
    </section>
  );
}
