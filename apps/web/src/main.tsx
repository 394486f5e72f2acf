import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { PopupProvider } from './components/ui/popup';
import { queryClient } from './lib/query-client';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PopupProvider>
        <RouterProvider router={router} />
      </PopupProvider>
    </QueryClientProvider>
  </StrictMode>,
);
