import { describe, expect, it } from 'vitest';
import { adminBlogInputSchema, adminPageFormSchema, pageEntryErrors, slugify } from './admin-content';

describe('slugify', () => {
  it('makes a readable address from a title', () => {
    expect(slugify('Monthly parking in Bengaluru: a guide!')).toBe('monthly-parking-in-bengaluru-a-guide');
    expect(slugify('  Café & Crème — São Paulo  ')).toBe('cafe-and-creme-sao-paulo');
    expect(slugify('!!!')).toBe('post');
    expect(slugify('<script>alert(1)</script>')).toBe('script-alert-1-script');
    const long = slugify('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('page rules', () => {
  const support = [
    { entry_key: 'email', page_title: '', page_description: 'help@parkly.in' },
    { entry_key: 'phone_number', page_title: '', page_description: '+91 80 4567 8900' },
    { entry_key: 'address', page_title: '', page_description: 'Bengaluru' },
    { entry_key: 'hours', page_title: '', page_description: '9 to 5' },
  ];
  it('accepts the support page as it is and names the field of each broken rule', () => {
    expect(pageEntryErrors('support', support)).toEqual({});
    expect(pageEntryErrors('support', [{ ...support[0]!, page_description: 'nope' }, ...support.slice(1)])).toHaveProperty(['entries.0.page_description']);
    expect(pageEntryErrors('support', support.slice(0, 3))).toHaveProperty('entries');
    expect(pageEntryErrors('footer', [{ entry_key: 'facebook', page_description: 'javascript:alert(1)' }])).toHaveProperty(['entries.0.page_description']);
    expect(pageEntryErrors('aboutus', [support[2]!, support[2]!])).toHaveProperty(['entries.1.entry_key']);
  });
  it('puts the page rules on the form fields', () => {
    const parsed = adminPageFormSchema('support').safeParse({ entries: [{ ...support[0]!, page_description: 'nope' }, ...support.slice(1)] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['entries', 0, 'page_description']);
  });
});

describe('adminBlogInputSchema', () => {
  const post = { title: 'T', excerpt: 'E', author: 'A', body: 'B', status: 'draft' };
  it('needs a future time for a scheduled post and a body to publish', () => {
    expect(adminBlogInputSchema.safeParse(post).success).toBe(true);
    expect(adminBlogInputSchema.safeParse({ ...post, status: 'draft', body: '' }).success).toBe(true);
    expect(adminBlogInputSchema.safeParse({ ...post, status: 'published', body: ' ' }).success).toBe(false);
    expect(adminBlogInputSchema.safeParse({ ...post, status: 'scheduled' }).success).toBe(false);
    expect(adminBlogInputSchema.safeParse({ ...post, status: 'scheduled', publish_at: new Date(Date.now() - 1000).toISOString() }).success).toBe(false);
    expect(adminBlogInputSchema.safeParse({ ...post, status: 'scheduled', publish_at: new Date(Date.now() + 60_000).toISOString() }).success).toBe(true);
    expect(adminBlogInputSchema.safeParse({ ...post, slug: 'Bad Slug' }).success).toBe(false);
  });
});
