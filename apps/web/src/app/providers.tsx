import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PopupProvider } from '../components/ui/popup';

/** What every screen sits in, in the browser and when the server renders a page. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <PopupProvider>{children}</PopupProvider>
    </QueryClientProvider>
  );
}
