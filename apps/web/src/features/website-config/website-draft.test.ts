import { defaultAttribution } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { changedField, sameValue, shownErrors } from './draft-state';
import {
  draftBanner,
  draftError,
  draftErrors,
  draftFrom,
  draftToInput,
  type WebsiteDraft,
} from './website-draft';

const valid = (): WebsiteDraft => ({ ...draftFrom(null), rootDomain: 'shop.com', timezone: 'UTC' });
const errorsOf = (draft: WebsiteDraft) => draftErrors(draft, 'example.com');

describe('configuration draft', () => {
  it('starts as My Website with no brand, first touch over 90 days, waiting for consent', () => {
    const draft = draftFrom(null);
    expect([draft.name, draft.brand, draft.attribution.model, draft.attribution.window]).toEqual([
      'My Website',
      '',
      'first_touch',
      90,
    ]);
    expect(draft.privacy).toEqual({ consentMode: 'require', respectDnt: false, retentionMonths: 25 });
  });

  it('sends the time zone and privacy with the rest, in one body', () => {
    const input = draftToInput({ ...valid(), timezone: 'Asia/Kathmandu' });
    expect(input).toMatchObject({
      rootDomain: 'shop.com',
      timezone: 'Asia/Kathmandu',
      privacy: { consentMode: 'require', respectDnt: false, retentionMonths: 25 },
      postbackUrl: null,
    });
  });

  it('accepts a valid draft and root domains with one-letter labels', () => {
    expect(errorsOf(valid())).toEqual({});
    expect(errorsOf({ ...valid(), rootDomain: 'x.com' })).toEqual({});
    expect(errorsOf({ ...valid(), rootDomain: 'm.shop.com' })).toEqual({});
  });

  it('marks every invalid field at once, each with its own message', () => {
    const a = defaultAttribution();
    const errors = errorsOf({
      ...valid(),
      name: ' ',
      brand: 'b'.repeat(101),
      rootDomain: 'bad domain',
      attribution: { ...a, window: 400, settings: { ...a.settings, decayParameter: 0 } },
      script: { ...valid().script, crossDomains: ['ok.com', 'nope'] },
      privacy: { ...valid().privacy, retentionMonths: Number.NaN },
      postbackUrl: 'ftp://ads.test/pb',
    });
    expect(errors).toEqual({
      name: 'Please enter a website name',
      brand: 'Brand is at most 100 characters',
      rootDomain: 'Please enter a valid domain (e.g., example.com)',
      'attribution.window': 'Attribution window must be between 1 and 365 days',
      'attribution.settings.decayParameter': 'Time decay parameter must be between 1 and 30 days',
      'script.crossDomains': 'Cross-domain entries must be valid domains',
      'privacy.retentionMonths': 'Retention must be a whole number of months from 1 to 120',
      postbackUrl: 'Please enter a valid postback URL (http or https)',
    });
  });

  it('says above the form the first broken rule in the screen order, in the spec words', () => {
    expect(draftError(errorsOf({ ...valid(), rootDomain: 'bad domain', name: '' }))).toBe(
      'Please fix the domain errors before saving',
    );
    expect(draftError(errorsOf({ ...valid(), rootDomain: '', name: '' }))).toBe(
      'Please enter a valid domain',
    );
    expect(draftError(errorsOf({ ...valid(), name: '' }))).toBe('Please enter a website name');
    const a = defaultAttribution();
    expect(
      draftError(errorsOf({ ...valid(), attribution: { ...a, window: Number.NaN }, postbackUrl: 'x' })),
    ).toBe('Attribution window must be between 1 and 365 days');
    const heavy = { ...a.settings, firstWeight: 0.7 };
    expect(
      draftError(errorsOf({ ...valid(), attribution: { ...a, model: 'u_shaped', settings: heavy } })),
    ).toBe('Touch point weights must sum to 1. Current sum: 1.30');
    expect(draftError({})).toBeNull();
  });

  it('says above the form how many other fields are marked', () => {
    const a = defaultAttribution();
    expect(draftBanner(errorsOf({ ...valid(), name: '', attribution: { ...a, window: 0 } }))).toBe(
      'Please enter a website name (and 1 more field marked below)',
    );
    expect(draftBanner(errorsOf({ ...valid(), name: '', rootDomain: '', postbackUrl: 'x' }))).toBe(
      'Please enter a valid domain (and 2 more fields marked below)',
    );
    expect(draftBanner(errorsOf({ ...valid(), name: '' }))).toBe('Please enter a website name');
  });

  it('shows a field its error once it is changed, and every field once Save was pressed', () => {
    const saved = { ...valid(), name: '' };
    const draft = { ...saved, rootDomain: 'bad domain' };
    const errors = errorsOf(draft);
    expect(Object.keys(shownErrors(errors, draft, saved, false))).toEqual(['rootDomain']);
    expect(Object.keys(shownErrors(errors, draft, saved, true)).sort()).toEqual(['name', 'rootDomain']);
  });

  it('counts a weight change as a change of the weight sum, and a cleared number as a change', () => {
    const saved = valid();
    const a = saved.attribution;
    const heavier = { ...saved, attribution: { ...a, settings: { ...a.settings, firstWeight: 0.9 } } };
    expect(changedField(heavier, saved, 'weightSum')).toBe(true);
    expect(changedField(heavier, saved, 'attribution.window')).toBe(false);
    const cleared = { ...saved, attribution: { ...a, window: Number.NaN } };
    expect(changedField(cleared, saved, 'attribution.window')).toBe(true);
    expect(sameValue(cleared, { ...cleared })).toBe(true);
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValue([1], [1, 2])).toBe(false);
  });
});
