import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext } from 'react';

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
 * Whether a media query matches. Without server HTML the browser's answer from the first render on, so a
 * phone never draws the desk's layout first; under server HTML the server's guess until hydrated.
 */
export function useFirstRenderMediaQuery(query: string, onPhone: boolean): boolean {
  const first = useContext(FirstRenderContext);
  const initial = first ? first.phone === onPhone : false;
  return useMediaQuery(query, initial, { getInitialValueInEffect: first !== null }) ?? initial;
}
