import { describe, expect, it } from 'vitest';
import { isCssSelector } from './css-selector';

describe('isCssSelector', () => {
  it('accepts ids, classes, descendants, attributes and pseudo-classes', () => {
    for (const s of [
      '#buy-button',
      '.add-to-cart',
      'form .cta > button',
      'a[href^="/checkout"]',
      'a:not(.ghost)',
    ])
      expect(isCssSelector(s), s).toBe(true);
  });

  it('refuses text that is no selector, a bare #, an unclosed attribute and a trailing comma', () => {
    for (const s of ['not a selector!!', '#', '[data-x', 'div,']) expect(isCssSelector(s), s).toBe(false);
  });
});
