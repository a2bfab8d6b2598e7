import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  Modal,
  Select,
  Table,
} from '@mantine/core';

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
  '#007a54',
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
  // A link inside text must be told apart by more than its colour (WCAG 1.4.1; axe link-in-text-block).
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A dialog's close button is an icon: it needs a name. Dialogs with a title give a better one
    // (components/dialog-close.ts); this is for any that do not.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    // A closed select's options are not rendered: kept mounted (Mantine's default), each select
    // placed its hidden dropdown with Floating UI and a ScrollArea at every render of the screen.
    Select: Select.extend({ defaultProps: { comboboxProps: { keepMounted: false } } }),
    // Wide tables scroll natively: the ScrollArea's resize observers measured every table at load
    // (80 ms of /analytics' main thread at 4× throttling) for a scrollbar a phone does not show.
    TableScrollContainer: Table.ScrollContainer.extend({ defaultProps: { type: 'native' } }),
  },
});

/**
 * The accent is too light for text on white: links and light variants use a deeper shade there
 * (ocx-8 on white is 5.4:1), dimmed text a grey that keeps 4.5:1 (Mantine's gray-6 is 3.3:1), and
 * the variants below the shades that keep text at 4.5:1 on their background.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-ocx-8)',
    '--mantine-color-ocx-text': 'var(--mantine-color-ocx-8)',
    '--mantine-color-ocx-light-color': 'var(--mantine-color-ocx-9)',
    '--mantine-color-dimmed': '#5f666d',
    // Mantine's light and outline variants, and red text and buttons, below 4.5:1 (axe, WCAG AA).
    '--mantine-color-ocx-outline': 'var(--mantine-color-ocx-8)',
    '--mantine-color-yellow-light-color': '#8a4b00',
    '--mantine-color-green-light-color': '#1f6b30',
    '--mantine-color-teal-light-color': '#06664a',
    '--mantine-color-gray-outline': '#5f666d',
    '--mantine-color-red-text': '#c92a2a',
    '--mantine-color-red-filled': '#c92a2a',
    '--mantine-color-red-filled-hover': '#a61e1e',
    '--mantine-color-red-light-color': '#c92a2a',
  },
  dark: {},
});
