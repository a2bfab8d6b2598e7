import { afterEach, describe, expect, it, vi } from 'vitest';
import { rid } from './ids';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rid', () => {
  it('makes URL-safe ids of 16 to 64 characters that the collect endpoint accepts', () => {
    for (let i = 0; i < 1000; i++) expect(rid()).toMatch(/^[\w-]{16,64}$/);
  });

  it('never repeats (128 random bits)', () => {
    const ids = new Set(Array.from({ length: 10_000 }, rid));
    expect(ids.size).toBe(10_000);
  });

  it('takes its randomness from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementation((a) => {
      (a as Uint32Array).set([1, 2, 3, 4]);
      return a;
    });
    expect(rid()).toBe('1_2_3_4');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
