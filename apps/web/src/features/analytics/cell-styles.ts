import type { CSSProperties } from 'react';

/*
 * The comparison and spend tables' cells hold plain elements with these fixed styles, not Mantine
 * Stack and Text: a comparison has eight cells per row with three or four lines each, and each
 * Mantine component resolves its theme and styles at every render (most of the analytics page's
 * main-thread time on a phone).
 */

/** A cell's lines stacked and right-aligned. */
export const FIGURES: CSSProperties = { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' };

/** One figure line in Mantine's size `size` (as Text size=…), tabular and unbroken. */
export const figureLine = (size: 'sm' | 'xs', weight?: number, dimmed = false): CSSProperties => ({
  fontSize: `var(--mantine-font-size-${size})`,
  lineHeight: `var(--mantine-line-height-${size})`,
  fontWeight: weight,
  color: dimmed ? 'var(--mantine-color-dimmed)' : undefined,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

/** A row's name: at most two lines (as Text lineClamp={2}). */
export const ROW_LABEL: CSSProperties = {
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-sm)',
  fontWeight: 500,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
};
