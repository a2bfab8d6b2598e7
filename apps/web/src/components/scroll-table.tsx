import { Table } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A table wider than the screen (a phone): it scrolls sideways with its first column kept in view,
 * and a fade at the edge says there is more to the right. Keyboard users reach the scroll through
 * the region's focus (WCAG scrollable-region-focusable) when `label` names it.
 */
export function ScrollTable({
  minWidth,
  label,
  children,
  visibleFrom,
}: {
  minWidth: number;
  /** Names the scrolling region (and makes it focusable): give it where the table can be wide. */
  label?: string;
  children: ReactNode;
  visibleFrom?: 'xs' | 'sm' | 'md';
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
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
  return (
    <div
      className="ocx-scroll-table"
      data-more-left={more.left || undefined}
      data-more-right={more.right || undefined}
    >
      <Table.ScrollContainer
        ref={ref}
        type="native"
        minWidth={minWidth}
        visibleFrom={visibleFrom}
        data-scroll-box
        {...(label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      >
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
