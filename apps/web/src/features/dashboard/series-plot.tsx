import 'uplot/dist/uPlot.min.css';
import { alpha, Box, type MantineTheme, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatCount } from './dashboard-format';

interface PlotSeries {
  label: string;
  color: string;
  values: number[];
}

const HEIGHT = 240;
/** Whole buckets on the x axis and whole counts on the y axis: no split falls between two. */
const WHOLE_STEPS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 24, 25, 50, 100, 250, 500]
  .flatMap((n) => [n, n * 1000, n * 1_000_000])
  .sort((a, b) => a - b); // uPlot wants them ascending

/**
 * Area lines over labelled buckets, drawn by uPlot (a canvas, ~50 KB) rather than recharts (SVG plus
 * d3, ~400 KB), which was most of the dashboard's first load. Hovering shows each bucket's values
 * in the legend below the plot.
 */
export function SeriesPlot({
  labels,
  bucketName,
  series,
  ariaLabel,
}: {
  labels: string[];
  /** What one x value is ('Day', 'Hour'), named in the legend beside the hovered one. */
  bucketName: string;
  series: PlotSeries[];
  ariaLabel: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';

  useEffect(() => {
    const target = host.current;
    if (!target) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    // Drawn in a task of its own once the panels around it are laid out and painted: measured in the
    // commit's effects, the plot forced that layout into the commit's task (a long task on a phone).
    const cancel = afterNextPaint(() => {
      plot = drawPlot(target, labels, bucketName, series, dark, theme);
      const drawn = plot;
      resize = new ResizeObserver(() =>
        drawn.setSize({ width: Math.max(target.clientWidth, 200), height: HEIGHT }),
      );
      resize.observe(target);
    });
    return () => {
      cancel();
      resize?.disconnect();
      plot?.destroy();
    };
  }, [labels, bucketName, series, dark, theme]);

  return <Box ref={host} role="img" aria-label={ariaLabel} c="dimmed" fz="sm" data-testid="series-plot" />;
}

/** Runs `fn` in a task after the next frame is painted; returns a cancel. */
function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

function drawPlot(
  target: HTMLElement,
  labels: string[],
  bucketName: string,
  series: PlotSeries[],
  dark: boolean,
  theme: MantineTheme,
): uPlot {
  const text = dark ? theme.colors.dark[1] : theme.colors.gray[7];
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[2];
  const axis = { stroke: text, ticks: { show: false }, font: `12px ${theme.fontFamily}` };
  return new uPlot(
    {
      width: Math.max(target.clientWidth, 200),
      height: HEIGHT,
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      series: [
        { label: bucketName, value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: alpha(s.color, 0.2),
          width: 2,
          points: { show: labels.length <= 31, size: 5, fill: s.color },
          value: (_u: uPlot, v: number | null) => (v === null ? '–' : formatCount(v)),
        })),
      ],
      axes: [
        {
          ...axis,
          grid: { show: false },
          incrs: WHOLE_STEPS,
          space: 64,
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        {
          ...axis,
          size: 52,
          grid: { stroke: grid, width: 1, dash: [4, 4] },
          incrs: WHOLE_STEPS,
          values: (_u, splits) => splits.map((v) => formatCount(v)),
        },
      ],
    },
    [labels.map((_, i) => i), ...series.map((s) => s.values)],
    target,
  );
}
