import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place comes near the viewport, and until then an empty box of their
 * height (so nothing moves): a chart below the fold costs a phone its library and its drawing only
 * when the player scrolls to it.
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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return visible ? children : <Box ref={placeholder} h={height} />;
}
