// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { persist, store } from './storage';

const restores: (() => void)[] = [];
// Stored on the device (consent given, or consent mode 'none'); persist(0) is tested below.
beforeEach(() => persist(1));
afterEach(() => {
  for (const r of restores.splice(0)) r();
  localStorage.clear();
  sessionStorage.clear();
});

const block = (
  name: 'localStorage' | 'sessionStorage',
  error = new DOMException('blocked', 'SecurityError'),
) => {
  const original = Object.getOwnPropertyDescriptor(window, name) as PropertyDescriptor;
  Object.defineProperty(window, name, {
    configurable: true,
    get: () => {
      throw error;
    },
  });
  restores.push(() => Object.defineProperty(window, name, original));
};

describe('store', () => {
  it('reads and writes localStorage, returning the previous value', () => {
    expect(store('k1', 'a')).toBeUndefined();
    expect(store('k1', 'b')).toBe('a');
    expect(store('k1')).toBe('b');
    expect(localStorage.getItem('k1')).toBe('b');
  });

  it('uses sessionStorage for session items', () => {
    store('k2', 'x', 1);
    expect(sessionStorage.getItem('k2')).toBe('x');
    expect(localStorage.getItem('k2')).toBeNull();
  });

  it('falls back to memory when storage is blocked', () => {
    block('localStorage');
    block('sessionStorage');
    expect(store('k3', 'mem')).toBeUndefined();
    expect(store('k3')).toBe('mem');
    expect(store('k4', 'one', 1)).toBeUndefined();
    expect(store('k4', undefined, 1)).toBe('one');
  });

  it('does not throw when a write fails (quota)', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage') as PropertyDescriptor;
    const full = new Proxy(localStorage, {
      set: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    Object.defineProperty(window, 'localStorage', { configurable: true, get: () => full });
    restores.push(() => Object.defineProperty(window, 'localStorage', original));
    expect(() => store('k5', 'v')).not.toThrow();
  });

  it('keeps everything in memory while persisting is off (before consent), storage untouched', () => {
    persist(0);
    expect(store('pre-consent', 'a')).toBeUndefined();
    expect(store('pre-consent', 'b')).toBe('a');
    expect(store('pre-consent-page', '1', 1)).toBeUndefined();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
