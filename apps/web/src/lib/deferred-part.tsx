import { Suspense, use, useEffect, useRef, useState, type ComponentType } from 'react';

/**
 * Parts of a page that are never on the first screen (the footer, the home page's lower sections) come
 * drawn in the server's HTML, but their code loads only when they scroll into view: until then React leaves
 * that HTML as the server drew it (a Suspense boundary that hydrates later). A screen the browser draws
 * itself (another page's link, a signed-in person's app) loads the part at once, as a plain lazy one.
 */

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** Every deferred part's loader: the server's renderer loads them all before it draws a page. */
const everyPart: (() => Promise<unknown>)[] = [];

/** For entry-server.tsx: the server draws every part in full, so they must be loaded before it renders. */
export const loadDeferredParts = () => Promise.all(everyPart.map((load) => load()));

/** While the app takes over the server's page (main.tsx); parts met then wait to be seen. */
let takingOverServerPage = false;
export function setTakingOverServerPage(value: boolean) {
  takingOverServerPage = value;
}

function whenSeen(element: Element): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === 'undefined') return resolve();
    const observer = new IntersectionObserver((entries) => {
      // a part that only touches the screen's edge is not in view yet
      if (entries.some((e) => e.isIntersecting && e.intersectionRatio > 0)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(element);
  });
}

/** A component drawn as `load`'s, whose code is fetched when it comes into view (see above). */
export function deferredPart<P extends object>(name: string, load: Loader<P>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadNow = () =>
    (loading ??= load().then((m) => {
      loaded = m.default;
      return m.default;
    }));
  everyPart.push(loadNow);

  function Loaded({ part, onAttempt, props }: { part: Promise<ComponentType<P>>; onAttempt: () => void; props: P }) {
    if (!loaded) onAttempt();
    const Component = loaded ?? use(part);
    return <Component {...props} />;
  }

  function DeferredPart(props: P) {
    const box = useRef<HTMLDivElement>(null);
    // decided once: taking over the server's HTML waits until the part is seen; a fresh draw loads it now
    const [seen] = useState(() => {
      let show: () => void = () => {};
      const promise = new Promise<void>((resolve) => (show = resolve));
      if (!takingOverServerPage) show();
      // The first attempt is the take-over, which may wait. Any later one is an update reaching the part
      // (a navigation changes the router's context under it, say): React cannot finish that update
      // until the part is hydrated, so its code loads at once.
      let attempts = 0;
      const onAttempt = () => {
        attempts += 1;
        if (attempts > 1) show();
      };
      return { promise, show, onAttempt };
    });
    const [part] = useState(() => seen.promise.then(loadNow));
    useEffect(() => {
      if (box.current) void whenSeen(box.current).then(seen.show);
    }, [seen]);
    return (
      // a column, as the frame and <main> are: what the part holds lays out as it would without the box
      <div ref={box} data-deferred={name} className="flex flex-col">
        <Suspense fallback={null}>
          <Loaded part={part} onAttempt={seen.onAttempt} props={props} />
        </Suspense>
      </div>
    );
  }
  DeferredPart.displayName = `Deferred(${name})`;
  return DeferredPart;
}
