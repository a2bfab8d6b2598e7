import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Shades around the accent #1efaad (index 5). */
const ocx: MantineColorsTuple = [
  '#e3fff5',
  '#cdfdeb',
  '#9cfbd7',
  '#67f8c2',
  '#3ff7b4',
  '#1efaad',
  '#0fd893',
  '#04b079',
  '#008a5f',
  '#006445',
];

export const theme = createTheme({
  primaryColor: 'ocx',
  primaryShade: 5,
  autoContrast: true,
  luminanceThreshold: 0.45,
  colors: { ocx },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  // Modals, menus and the sidebar stop moving for users who ask their system for less motion.
  respectReducedMotion: true,
});

/** The accent is too light for text on white: links and light variants use a deeper shade there. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-ocx-8)',
    '--mantine-color-ocx-text': 'var(--mantine-color-ocx-8)',
    '--mantine-color-ocx-light-color': 'var(--mantine-color-ocx-9)',
  },
  dark: {},
});
