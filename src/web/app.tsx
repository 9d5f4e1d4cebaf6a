import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { LoginModalProvider } from './features/auth/components/login-modal';
import { type FirstRender, FirstRenderContext } from './lib/first-render';
import { LazyNotifications } from './lib/notify';
import { routes } from './routes';
import { AppUpdates } from './shell/app-updates';
import { cssVariablesResolver, theme } from './theme';

/** The query defaults of the browser and of the server render, which must agree for hydration. */
export const QUERY_DEFAULTS = { queries: { retry: 1, refetchOnWindowFocus: false } } as const;

/** The route table, in React Router's declarative mode: the app uses no loaders, actions or
 * fetchers, and the data router they need would add about 12 KB (gzipped) to every page. */
function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The whole app inside a router: the browser's (main.tsx) or the server's static one
 * (entry-server.tsx), which render exactly this tree.
 */
export function App({
  queryClient,
  firstRender,
  router: Router,
}: {
  queryClient: QueryClient;
  firstRender: FirstRender | null;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <FirstRenderContext value={firstRender}>
            <Suspense fallback={null}>
              <LazyNotifications position="top-right" autoClose={3000} />
            </Suspense>
            <AppUpdates />
            <LoginModalProvider>
              <Router>
                <AppRoutes />
              </Router>
            </LoginModalProvider>
          </FirstRenderContext>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
