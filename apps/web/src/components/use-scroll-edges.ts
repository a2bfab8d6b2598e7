import { type RefObject, useEffect, useRef, useState } from 'react';

export type ScrollEdges = { left: boolean; right: boolean };

/**
 * Whether a sideways-scrolling box has more to show on its left and on its right, kept current as it
 * scrolls or resizes: the box's wrapper shows a fade on each side that has more.
 */
export function useScrollEdges<T extends HTMLElement>(): [RefObject<T | null>, ScrollEdges] {
  const ref = useRef<T>(null);
  const [more, setMore] = useState<ScrollEdges>({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    return () => {
      box.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);
  return [ref, more];
}

/** The wrapper's attributes that turn its fades on (styles.css). */
export const scrollEdgeAttributes = (more: ScrollEdges) => ({
  'data-more-left': more.left || undefined,
  'data-more-right': more.right || undefined,
});
