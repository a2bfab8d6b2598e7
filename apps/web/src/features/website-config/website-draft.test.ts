import { defaultAttribution } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { domainFieldError, draftError, draftFrom } from './website-draft';

const valid = () => ({ ...draftFrom(null), rootDomain: 'shop.com' });

describe('configuration form checks', () => {
  it('starts as My Website with no brand, first touch over 90 days', () => {
    const draft = draftFrom(null);
    expect([draft.name, draft.brand, draft.attribution.model, draft.attribution.window]).toEqual([
      'My Website',
      '',
      'first_touch',
      90,
    ]);
  });

  it('shows the example domain under a malformed root domain and refuses to save it', () => {
    expect(domainFieldError('bad domain', 'example.com')).toBe(
      'Please enter a valid domain (e.g., example.com)',
    );
    expect(domainFieldError('', 'example.com')).toBeNull();
    expect(draftError({ ...valid(), rootDomain: 'bad domain' })).toBe(
      'Please fix the domain errors before saving',
    );
  });

  it('asks for a domain and a name', () => {
    expect(draftError({ ...valid(), rootDomain: '' })).toBe('Please enter a valid domain');
    expect(draftError({ ...valid(), name: '' })).toBe('Please enter a website name');
  });

  it('reports out-of-range numbers, including a cleared field', () => {
    const a = defaultAttribution();
    expect(draftError({ ...valid(), attribution: { ...a, window: 400 } })).toBe(
      'Attribution window must be between 1 and 365 days',
    );
    expect(draftError({ ...valid(), attribution: { ...a, window: Number.NaN } })).toBe(
      'Attribution window must be between 1 and 365 days',
    );
    expect(
      draftError({ ...valid(), attribution: { ...a, settings: { ...a.settings, decayParameter: 0 } } }),
    ).toBe('Time decay parameter must be between 1 and 30 days');
  });

  it('reports a bad weight sum for the weighted models only', () => {
    const a = defaultAttribution();
    const heavy = { ...a.settings, firstWeight: 0.7 };
    expect(draftError({ ...valid(), attribution: { ...a, model: 'u_shaped', settings: heavy } })).toBe(
      'Touch point weights must sum to 1. Current sum: 1.30',
    );
    expect(draftError({ ...valid(), attribution: { ...a, model: 'linear', settings: heavy } })).toBeNull();
  });
});
