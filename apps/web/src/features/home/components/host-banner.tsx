import { Link } from 'react-router';

export function HostBanner() {
  return (
    <section aria-labelledby="host-banner" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <h2 id="host-banner" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Have a space you do not use?
          </h2>
          <p className="mt-2 text-brand-100">List your driveway, garage, lot or storage yard in two minutes. You set the price and the hours.</p>
        </div>
        <Link to="/welcomehost" className="inline-flex min-h-12 shrink-0 items-center justify-center rounded-xl bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50">
          List your space
        </Link>
      </div>
    </section>
  );
}
