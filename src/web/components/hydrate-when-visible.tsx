import { type ReactNode, Suspense, useId } from 'react';

/** The gates whose server HTML waits to be hydrated, by their id: the promise that lets them go. */
const waiting = new Map<string, Promise<void>>();
/** Gates let go once: a later render of theirs never waits again. */
const released = new Set<string>();

/**
 * Hydrates its part of a server-rendered page only once that part comes near the viewport
 * (docs/decisions/024-hydrate-when-visible.md): until then the phone keeps the server's HTML as it is and
 * spends none of its main thread on it (nor on loading its lazy code). A click, a key or a change of its
 * props or context before then hydrates it at once, as React does for any part still dehydrated. Rendered
 * on the browser without server HTML (navigating within the app), it renders its children at once.
 */
export function HydrateWhenVisible({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    // No box of its own: the cards inside stay the children of the page's stack or grid as laid out.
    <div data-hydrate-later={id} style={{ display: 'contents' }}>
      <Suspense fallback={null}>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </div>
  );
}

function Gate({ id, children }: { id: string; children: ReactNode }): ReactNode {
  if (typeof document === 'undefined' || released.has(id)) return children;
  if (waiting.has(id)) {
    // Rendered again while waiting: its place came into view, or an event or an update reached it (React
    // then hydrates it at once, and would otherwise drop the server's HTML for the fallback).
    waiting.delete(id);
    released.add(id);
    return children;
  }
  // A render on the browser alone finds no place: it is not in the document before this render commits.
  // The place itself has no box to observe, its server-rendered children have (none: nothing to wait for).
  const boxes = [...(findPlace(id)?.children ?? [])];
  if (boxes.length === 0 || typeof IntersectionObserver === 'undefined') {
    released.add(id);
    return children;
  }
  const visible = new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '200px 0px' },
    );
    for (const box of boxes) observer.observe(box);
  });
  waiting.set(id, visible);
  // A thrown promise (not `use`) unwinds straight to this gate's own boundary, which React leaves
  // dehydrated and hydrates when the promise settles.
  throw visible;
}

function findPlace(id: string): Element | null {
  for (const element of document.querySelectorAll('[data-hydrate-later]')) {
    if (element.getAttribute('data-hydrate-later') === id) return element;
  }
  return null;
}
