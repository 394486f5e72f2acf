import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'parkly-scroll-positions';
let positions: Record<string, number> = {};
let keepNextScroll = false;

/** The next navigation keeps the scroll position (the data router's `preventScrollReset`). */
export function preventScrollReset() {
  keepNextScroll = true;
}

/**
 * What React Router's <ScrollRestoration> did in data mode: Back and Forward return to where the page was
 * scrolled (kept in sessionStorage across a reload), a new page starts at its top (or at its #hash).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    try {
      positions = { ...(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>), ...positions };
    } catch {
      // a blocked or broken store: positions are kept for this page only
    }
    const save = () => {
      if (current.current !== null) positions[current.current] = window.scrollY;
    };
    const leave = () => {
      save();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // as above
      }
      window.history.scrollRestoration = 'auto';
    };
    const back = () => {
      window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    if (current.current === location.key) return;
    current.current = location.key;
    const keep = keepNextScroll;
    keepNextScroll = false;
    const saved = navigationType === 'POP' ? positions[location.key] : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!keep) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
