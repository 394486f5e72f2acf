import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// public/sw.js run as a browser would, in a fake service worker scope: its handlers get fake push and
// click events, and what it shows, posts and opens is recorded.

const SOURCE = readFileSync(new URL('../../../public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://parkly.test';

interface FakeWindow {
  url: string;
  focused: boolean;
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, focused = false): FakeWindow {
  return { url, focused, postMessage: vi.fn(), focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) };
}

function loadWorker(windows: FakeWindow[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const clients = { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => undefined), claim: vi.fn(async () => undefined) };
  const showNotification = vi.fn(async () => undefined);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients,
    skipWaiting: vi.fn(),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
  };
  runInNewContext(SOURCE, { self, clients, URL, console });

  /** Fires an event and waits for what it handed to waitUntil. */
  const fire = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  const push = (data: unknown) =>
    fire('push', {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
              text: () => String(data),
            },
    });
  const click = (url: unknown) => {
    const notification = { data: { url }, close: vi.fn() };
    return fire('notificationclick', { notification }).then(() => notification);
  };
  return { push, click, showNotification, clients };
}

describe('service worker: push', () => {
  it('shows a system notification with the page to open when no window is in front', async () => {
    const background = fakeWindow(`${ORIGIN}/`);
    const sw = loadWorker([background]);
    await sw.push({ title: 'New message from Priya', body: 'Is the gate open?', url: '/chatroom/message?room=7', kind: 'messages' });
    expect(sw.showNotification).toHaveBeenCalledWith('New message from Priya', expect.objectContaining({ body: 'Is the gate open?', data: { url: `${ORIGIN}/chatroom/message?room=7` } }));
    expect(background.postMessage).toHaveBeenCalledWith({ type: 'push', title: 'New message from Priya', body: 'Is the gate open?' });
  });

  it('leaves it to the page (the New Message! popup) when a window is in front', async () => {
    const front = fakeWindow(`${ORIGIN}/parking`, true);
    const sw = loadWorker([front]);
    await sw.push({ title: 'Booking confirmed', body: 'See you at 9.' });
    expect(front.postMessage).toHaveBeenCalledWith({ type: 'push', title: 'Booking confirmed', body: 'See you at 9.' });
    expect(sw.showNotification).not.toHaveBeenCalled();
  });

  it('takes plain text as the body, and an empty push as Parkly', async () => {
    const sw = loadWorker();
    await sw.push('not json');
    expect(sw.showNotification).toHaveBeenLastCalledWith('Parkly', expect.objectContaining({ body: 'not json', data: { url: `${ORIGIN}/` } }));
    await sw.push(undefined);
    expect(sw.showNotification).toHaveBeenLastCalledWith('Parkly', expect.objectContaining({ body: '' }));
  });

  it('never keeps an address outside the site from a payload', async () => {
    const sw = loadWorker();
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', 42]) {
      await sw.push({ title: 't', body: 'b', url });
      expect(sw.showNotification).toHaveBeenLastCalledWith('t', expect.objectContaining({ data: { url: `${ORIGIN}/` } }));
    }
  });
});

describe('service worker: click', () => {
  it('opens the page of the notification in a new window when none is open', async () => {
    const sw = loadWorker();
    const notification = await sw.click(`${ORIGIN}/parking/booking-details/b1`);
    expect(notification.close).toHaveBeenCalled();
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/parking/booking-details/b1`);
  });

  it('brings an open window of the site forward and takes it to the page', async () => {
    const other = fakeWindow('https://elsewhere.example/');
    const mine = fakeWindow(`${ORIGIN}/parking`);
    const sw = loadWorker([other, mine]);
    await sw.click('/booking_details?id=b2');
    expect(mine.focus).toHaveBeenCalled();
    expect(mine.navigate).toHaveBeenCalledWith(`${ORIGIN}/booking_details?id=b2`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens the home page for an address outside the site', async () => {
    for (const url of ['https://evil.example/phish', '//evil.example', 'javascript:alert(1)', undefined]) {
      const sw = loadWorker();
      await sw.click(url);
      expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
    }
  });
});
