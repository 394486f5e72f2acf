import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (a countdown's clock). Not a fetch: it only re-reads the clock. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
