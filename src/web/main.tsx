import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { LoginModalProvider } from './features/auth/components/login-modal';
import { LazyNotifications } from './lib/notify';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** The route table, in React Router's declarative mode: the app uses no loaders, actions or
 * fetchers, and the data router they need would add about 12 KB (gzipped) to every page. */
function AppRoutes() {
  return useRoutes(routes);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <LazyNotifications position="top-right" autoClose={3000} />
        </Suspense>
        <LoginModalProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </LoginModalProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
