import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place comes within `margin` of the window: content below the
 * fold (the dashboard's breakdown panels: their code, five requests and their tables) stays out of
 * the first load. The wrapper is always there, so a reader (or a test) can scroll to it.
 */
export function WhenNearView({
  children,
  placeholderHeight,
  testId,
  margin = 400,
}: {
  children: ReactNode;
  placeholderHeight: number;
  testId: string;
  margin?: number;
}) {
  const place = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (jsdom), there is nothing to wait for.
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = place.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      {
        rootMargin: `${margin}px 0px`,
      },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, margin]);
  return (
    <div ref={place} data-testid={testId} style={near ? undefined : { minHeight: placeholderHeight }}>
      {near ? children : null}
    </div>
  );
}
