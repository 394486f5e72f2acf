import { useEffect } from 'react';
import { warnIfSlowConnection } from '../../lib/network';

/** Module state: the checks run once per page load, also under StrictMode's double effects. */
let ran = false;

/** The first position of a visit, only where the person already allowed it: never a prompt on load. */
async function locateIfAllowed() {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    // the geolocation helpers load only for someone who already allowed it
    if (status?.state === 'granted') await (await import('../../lib/geolocation')).locateFirst();
  } catch {
    // no Permissions API for geolocation here: wait until the person asks for their location
  }
}

/** Start-up work of the shell: the slow-connection warning and the first location (SPEC 8, 9). */
export function useStartupChecks() {
  useEffect(() => {
    if (ran) return;
    ran = true;
    warnIfSlowConnection();
    void locateIfAllowed();
  }, []);
}
