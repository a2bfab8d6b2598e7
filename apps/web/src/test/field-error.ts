import { expect } from 'vitest';

/** The field is marked (aria-invalid) and says why in its description, as a screen reader hears it. */
export function expectFieldError(field: HTMLElement, text: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
  expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(text);
}
