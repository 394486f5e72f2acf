import { describe, expect, it } from 'vitest';
import { navLinks } from './nav-links';

const paths = (loggedIn: boolean, mode: 'guest' | 'host') => navLinks(loggedIn, mode).map((l) => `${l.label} ${l.to}`);

describe('navLinks', () => {
  it('shows the guest links when logged out, whatever the stored mode', () => {
    const guest = ['Home /', 'Parkings /parking', 'About Us /aboutus', 'Blogs /blogs', 'Contact Us /contact'];
    expect(paths(false, 'guest')).toEqual(guest);
    expect(paths(false, 'host')).toEqual(guest);
    expect(paths(true, 'guest')).toEqual(guest);
  });

  it('shows the host links in host mode', () => {
    expect(paths(true, 'host')).toEqual(['Home /hosthomes', 'My Listing /my-listing', 'Earning /earning', 'About Us /aboutus', 'Blogs /blogs', 'Contact Us /contact']);
  });
});
