import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks what Mantine measures with: media queries, element resizes and scrolling an option
// into view. Inert stand-ins are enough, as nothing here depends on layout.
window.matchMedia = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView = () => {};

// Two shared cores make a first render of a Mantine screen slow; findBy* and waitFor wait longer.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot unmount by itself.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
