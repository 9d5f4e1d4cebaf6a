import { lazy, Suspense, useEffect, useState } from 'react';

// The registration and the prompt load once the page is idle: none of it is in the start-up code.
const UpdatePrompt = lazy(() => import('./update-prompt'));

/**
 * Installs the app's service worker (src/web/sw.ts; docs/decisions/041-installable-app.md) once the page
 * has loaded and the browser is idle, and offers a new version once its worker waits (update-prompt.tsx).
 * Mounted once in the app; does nothing on the server, in `npm run dev`, or where the browser has no
 * service workers.
 */
export function AppUpdates() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    return afterLoadWhenIdle(() => setDue(true));
  }, []);
  return due ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}

/**
 * Runs once the page has loaded and the browser has a moment: the worker's script and the files it keeps
 * never compete with the first view for the network or the main thread. Answers a cancel.
 */
function afterLoadWhenIdle(run: () => void): () => void {
  let cancelled = false;
  const once = () => {
    if (!cancelled) run();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(once, { timeout: 5000 });
    else setTimeout(once, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
  };
}
