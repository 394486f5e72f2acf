import { BellRing, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { session } from '../../lib/storage';
import { pushState, type PushState } from './push-state';

const DISMISSED_KEY = 'push_prompt_dismissed';

// the registration (service worker, push service, the server's key) loads after the page
const PushSetup = lazy(() => import('./push-setup'));

/**
 * For a signed-in user: push registration, and an invitation to turn alerts on while the browser has
 * not been asked. The invitation is drawn with the page's frame, not when the registration code
 * arrives, so it never pushes the page down under a finger about to tap.
 */
export function PushPrompt() {
  const [state, setState] = useState<PushState>(pushState);
  const [dismissed, setDismissed] = useState(() => session.get(DISMISSED_KEY) === '1');

  const enable = async () => {
    try {
      setState(await Notification.requestPermission());
    } catch (err) {
      console.warn('Notification permission could not be asked', err);
      setState('denied');
    }
  };
  const dismiss = () => {
    session.set(DISMISSED_KEY, '1');
    setDismissed(true);
  };

  return (
    <>
      <Suspense fallback={null}>
        <PushSetup state={state} />
      </Suspense>
      {state === 'default' && !dismissed && (
        <section aria-label="Booking notifications" className="border-b border-brand-100 bg-brand-50">
          <div className="mx-auto flex max-w-7xl items-center gap-3 px-3 py-2.5 min-[400px]:px-4 sm:px-6">
            <BellRing className="hidden size-5 shrink-0 text-brand-700 sm:block" aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm text-slate-800">Get booking updates and messages as they happen.</p>
            <Button className="shrink-0" onClick={() => void enable()}>
              Turn on alerts
            </Button>
            <button
              type="button"
              onClick={dismiss}
              aria-label="Not now"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-brand-100 hover:text-slate-900"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        </section>
      )}
    </>
  );
}
