/** The screen size classes of the Devices panel's Screens tab, by the tracker's screen width. */
export const screenClasses = ['mobile', 'tablet', 'laptop', 'desktop'] as const;
export type ScreenClass = (typeof screenClasses)[number];

/**
 * A screen width in CSS pixels as its class: under 576 mobile, under 992 tablet, under 1440 laptop,
 * else desktop (Plausible's buckets). No width (an older tracker, a server-side event): null.
 */
export function screenClass(width: number | undefined): ScreenClass | null {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return null;
  if (width < 576) return 'mobile';
  if (width < 992) return 'tablet';
  if (width < 1440) return 'laptop';
  return 'desktop';
}
