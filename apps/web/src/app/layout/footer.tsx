import { COPYRIGHT_YEAR } from '@parkly/shared/constants';
import type { PagesAnswer } from '@parkly/shared/content';
import { ArrowUp } from 'lucide-react';
import { Link } from 'react-router';
import { usePages } from '../../features/content/api/get-pages';
import { LogoMark } from './logo';
import { FooterContact } from './footer-contact';
import { FacebookIcon, InstagramIcon, TikTokIcon, XIcon } from './social-icons';

const ABOUT_FALLBACK = 'Parkly is an all-in-one solution for all types of parking and vehicle storage.';

const EXPLORE = [
  { to: '/aboutus', label: 'About Us' },
  { to: '/parking', label: 'Parkings' },
  { to: '/faq', label: 'FAQ' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms_and_condition', label: 'Terms & Conditions' },
];

/** The footer entries hold the profile URLs; until they load, each network's home page stands in. */
const SOCIAL = [
  { key: 'facebook', name: 'Facebook', fallback: 'https://www.facebook.com/', Icon: FacebookIcon },
  { key: 'instagram', name: 'Instagram', fallback: 'https://www.instagram.com/', Icon: InstagramIcon },
  { key: 'x', name: 'X', fallback: 'https://x.com/', Icon: XIcon },
  { key: 'tiktok', name: 'TikTok', fallback: 'https://www.tiktok.com/', Icon: TikTokIcon },
];

const scrollToTop = () => {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
};

/** The footer of every page (SPEC 2.5). The room at the bottom keeps the chat launcher off its controls. */
export function Footer() {
  const footer = usePages('footer');
  const about = footer.data?.about?.page_description || ABOUT_FALLBACK;

  return (
    <footer className="mt-16 bg-slate-900 pb-20 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-12 pb-10 sm:px-6 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr]">
        <section aria-labelledby="footer-about">
          <p className="flex items-center gap-2 text-xl font-bold tracking-tight text-white">
            <LogoMark />
            Parkly
          </p>
          <h2 id="footer-about" className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">
            About Us
          </h2>
          <p className="mt-3 max-w-md text-sm leading-6">{about}</p>
          <SocialLinks entries={footer.data} />
        </section>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="text-sm font-semibold tracking-wide text-white uppercase">
            Explore
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1">
            {EXPLORE.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <FooterContact />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
          <p className="text-sm">
            © {COPYRIGHT_YEAR} Parkly. All rights reserved.
          </p>
          <button
            type="button"
            aria-label="Scroll to top"
            onClick={scrollToTop}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-800 text-white ring-1 ring-slate-700 transition-colors hover:bg-brand-700"
          >
            <ArrowUp className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </footer>
  );
}

function SocialLinks({ entries }: { entries: PagesAnswer | undefined }) {
  return (
    <ul className="mt-6 flex gap-3" aria-label="Parkly on social media">
      {SOCIAL.map(({ key, name, fallback, Icon }) => (
        <li key={key}>
          <a
            href={entries?.[key]?.page_description || fallback}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Parkly on ${name}`}
            className="inline-flex size-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 ring-1 ring-slate-700 transition-colors hover:bg-brand-700 hover:text-white"
          >
            <Icon className="size-[18px]" />
          </a>
        </li>
      ))}
    </ul>
  );
}
