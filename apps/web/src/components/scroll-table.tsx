import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { scrollEdgeAttributes, useScrollEdges } from './use-scroll-edges';

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
  const [ref, more] = useScrollEdges<HTMLDivElement>();
  return (
    <div className="ocx-scroll-table" {...scrollEdgeAttributes(more)}>
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
