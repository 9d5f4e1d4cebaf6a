import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, QUERY_DEFAULTS } from './app';
import type { FirstRender } from './lib/first-render';
import { readServerRender, SERVER_RENDER_ID, type ServerRender, ZONE_COOKIE } from './lib/server-render';
import { runtimeZone, setZoneSource } from './lib/zone';

/** Calls onHydrated once its children are hydrated (an effect runs only after its commit). */
function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(() => {
    onHydrated();
  }, [onHydrated]);
  return children;
}

const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The viewer's zone, for the server to show times in on the next page load.
// biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server render
document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(runtimeZone())}; path=/; max-age=31536000; samesite=lax`;

// A page the server rendered (docs/decisions/022-server-rendered-first-view.md) comes with the answers its
// HTML was made of: the browser adopts them and hydrates the HTML instead of drawing it again.
if (root.firstElementChild && document.getElementById(SERVER_RENDER_ID)) {
  // In a task of its own: the phone's main thread is not held for evaluating the code, reading the answers
  // and starting hydration at once (every long task counts as blocking time).
  setTimeout(() => {
    const rendered = readServerRender(document);
    if (rendered) hydrateServerRender(rendered, root);
    else drawApp(root);
  }, 0);
} else {
  drawApp(root);
}

function drawApp(root: HTMLElement) {
  createRoot(root).render(<App queryClient={queryClient} firstRender={null} router={BrowserRouter} />);
}

function hydrateServerRender(rendered: ServerRender, root: HTMLElement) {
  hydrate(queryClient, rendered.queries);
  // The server's answers are as fresh as the page: mounting does not fetch them again (which would also
  // show a refresh the server's HTML did not) for a minute, or until they change (live updates refetch).
  const served = new Map(
    rendered.queries.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]),
  );
  const servedUntil = Date.now() + 60_000;
  queryClient.setDefaultOptions({
    queries: {
      ...QUERY_DEFAULTS.queries,
      refetchOnMount: (query) =>
        !(served.get(query.queryHash) === query.state.dataUpdatedAt && Date.now() < servedUntil),
    },
  });
  const firstRender: FirstRender = { phone: rendered.phone, zone: rendered.zone };
  const zoneDiffers = rendered.zone !== runtimeZone();
  // Times read as the server wrote them until hydrated; a viewer whose zone the server did not know yet
  // (the first visit) then sees the page drawn again in their own.
  let zone: string | undefined = rendered.zone;
  setZoneSource(() => zone);
  let reactRoot: ReturnType<typeof hydrateRoot> | undefined;
  const adoptOwnZone = () => {
    if (zone === undefined) return;
    zone = undefined;
    if (zoneDiffers) {
      reactRoot?.render(
        <App key="own-zone" queryClient={queryClient} firstRender={firstRender} router={BrowserRouter} />,
      );
    }
  };
  // In a transition, hydration yields to the browser now and then instead of holding it in one long task.
  replayEarlyClick();
  startTransition(() => {
    reactRoot = hydrateRoot(
      root,
      <Hydrated onHydrated={() => setTimeout(adoptOwnZone, 0)}>
        <App queryClient={queryClient} firstRender={firstRender} router={BrowserRouter} />
      </Hydrated>,
    );
  });
}

declare global {
  interface Window {
    /** Set by the route preload script under server HTML: the control clicked before the code ran, once. */
    alaTakeEarlyClick?: () => Element | null;
  }
}

/** How long a click before hydration may wait for its control to be hydrated; later it is dropped. */
const EARLY_CLICK_WAIT_MS = 10_000;

/**
 * Replays the click the route preload script kept from before the code ran, once its control is hydrated
 * (React then knows its handler; a click on a part still dehydrated whose code has not loaded would be
 * dropped), so that a player's first tap is not lost.
 */
function replayEarlyClick() {
  const control = window.alaTakeEarlyClick?.();
  if (!(control instanceof HTMLElement)) return;
  const until = Date.now() + EARLY_CLICK_WAIT_MS;
  const attempt = () => {
    if (!control.isConnected || Date.now() > until) return;
    if (!isHydrated(control)) {
      setTimeout(attempt, 50);
      return;
    }
    // React marks an element as it renders it; its commit may follow a task later.
    requestAnimationFrame(() => setTimeout(() => control.click(), 0));
  };
  setTimeout(attempt, 0);
}

/** Whether React has hydrated the element: it marks each element it owns with its props. */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}
