import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * What the server assumed when it rendered the page's HTML: the browser's first render (hydration) must read
 * exactly the same, and only then adopts what the browser knows (docs/decisions/022-server-rendered-first-view.md).
 * Null when the page was not rendered on the server.
 */
export interface FirstRender {
  /** Rendered for a phone (the server's guess from the User-Agent). */
  phone: boolean;
  /** The zone times were shown in (the viewer's, from a cookie, else UTC). */
  zone: string;
}

export const FirstRenderContext = createContext<FirstRender | null>(null);

/**
 * Whether a media query matches; `onPhone` is what it reads on a phone. While hydrating the server's HTML
 * (a boundary hydrated later included) it reads the server's guess, so the HTML matches, and follows the
 * browser right after; anything drawn without server HTML reads the browser from its first render on, so a
 * phone never draws the desk's layout first.
 */
export function useFirstRenderMediaQuery(query: string, onPhone: boolean): boolean {
  const first = useContext(FirstRenderContext);
  const guess = first ? first.phone === onPhone : false;
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => guess,
  );
}
