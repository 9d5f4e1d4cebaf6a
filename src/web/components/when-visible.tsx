import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How long the place must stay in view: while the cards above it load, it passes by the viewport. */
const SETTLE_MS = 500;

/**
 * Renders its children once their place has come near the viewport and stayed there, and until then an
 * empty box of their height (so nothing moves): a chart below the fold costs a phone its library and its
 * drawing only when the player scrolls to it.
 */
export function WhenVisible({ height, children }: { height: number; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(timer);
        if (entries.some((entry) => entry.isIntersecting))
          timer = setTimeout(() => setVisible(true), SETTLE_MS);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [visible]);
  return visible ? children : <Box ref={placeholder} h={height} />;
}
