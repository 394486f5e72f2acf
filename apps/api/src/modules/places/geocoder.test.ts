import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../test/helper';

/** A stand-in for a Nominatim server: answers /search from a table, slowly for 'slow'. */
function fakeNominatim() {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams.get('q') ?? '';
    const answer = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/search') return answer({ error: 'not found' }, 404);
    if (q === 'slow road') return void setTimeout(() => answer([]), 4000);
    if (q === 'broken road') return answer({ error: 'boom' }, 500);
    if (q === 'odd road') return answer([{ display_name: 'No position' }, 'text', null, { display_name: 'Far away', lat: '200', lon: '10' }]);
    return answer([
      {
        display_name: 'Brigade Road, Shanthala Nagar, Ashok Nagar, Bengaluru, Bangalore North, Karnataka, 560001, India',
        lat: '12.9719401',
        lon: '77.6070187',
        address: { road: 'Brigade Road', city: 'Bengaluru', state: 'Karnataka' },
      },
    ]);
  });
  return { server, seen };
}

describe('GET places with a geocoder (GEOCODER_URL)', () => {
  const fake = fakeNominatim();
  let t: TestContext;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}/` });
  });
  afterAll(async () => {
    await t.close();
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  const places = async (q: string) => {
    const res = await t.app.inject({ url: api(`places?q=${encodeURIComponent(q)}`) });
    expect(res.statusCode).toBe(200);
    return res.json().result as { name: string; kind: string; lat: number; lng: number; city: string | null }[];
  };

  it('adds full addresses after the places it knows, asking for India in English', async () => {
    const result = await places('Brigade Road');
    expect(result.at(-1)).toEqual({ name: 'Brigade Road, Shanthala Nagar, Ashok Nagar, Bengaluru', lat: 12.97194, lng: 77.60702, kind: 'address', city: 'Bengaluru', state: 'Karnataka' });
    const req = fake.seen.at(-1)!;
    const url = new URL(req.url!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: 'Brigade Road', format: 'jsonv2', countrycodes: 'in' });
    expect(req.headers['user-agent']).toMatch(/^Parkly/);
  });

  it('asks once for the same text within ten minutes', async () => {
    const before = fake.seen.length;
    await places('Church Street');
    await places('Church Street');
    expect(fake.seen.length).toBe(before + 1);
  });

  it('does not ask when the places it knows fill the list, or for one or two letters', async () => {
    const before = fake.seen.length;
    expect((await places('Ko')).length).toBeGreaterThan(0);
    const full = await places('Ram');
    expect(full).toHaveLength(8);
    expect(full.every((p) => p.kind !== 'address')).toBe(true);
    expect(fake.seen.length).toBe(before);
  });

  it('still answers when the geocoder is slow, failing or talks nonsense', async () => {
    const started = Date.now();
    expect(await places('slow road')).toEqual(expect.any(Array));
    expect(Date.now() - started).toBeLessThan(3500);
    expect(await places('broken road')).toEqual(expect.any(Array));
    expect((await places('odd road')).filter((p) => p.kind === 'address')).toEqual([]);
  });
});

describe('GET places with an unreachable geocoder', () => {
  let t: TestContext;
  beforeAll(async () => {
    // nothing listens on port 9 of this machine
    t = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9/' });
  });
  afterAll(() => t.close());

  it('answers the places it knows', async () => {
    const res = await t.app.inject({ url: api('places?q=Koramangala') });
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0]).toMatchObject({ name: 'Koramangala, Bengaluru', kind: 'locality' });
  });
});
