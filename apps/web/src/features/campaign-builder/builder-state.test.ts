import type { CampaignTemplate, LandingPage } from '@ocx/contracts';
import { trackedUrl } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import {
  type BuilderAction,
  builderErrors,
  builderReducer,
  campaignBody,
  initialBuilder,
  previewUrl,
  readyToCreate,
} from './builder-state';

const page = { href: 'https://shop.test/products/pour-over-kit' } as LandingPage;
const OCXID = '0123456789abcdef0123456789abcdef';
const OTHER = 'fedcba9876543210fedcba9876543210';
const run = (...actions: BuilderAction[]) => actions.reduce(builderReducer, initialBuilder);
const built = (name: string) =>
  run(
    { type: 'name', name },
    { type: 'confirm', ocxid: OCXID },
    { type: 'network', network: 'Google Ads' },
    { type: 'source', source: 'Search' },
    { type: 'landingPage', page },
  );

describe('campaign builder flow', () => {
  it('confirming the name fixes it and sets the ocxid; editing unconfirms', () => {
    const confirmed = run({ type: 'name', name: 'Spring Sale' }, { type: 'confirm', ocxid: OCXID });
    expect(confirmed).toMatchObject({ confirmed: true, ocxid: OCXID });
    expect(confirmed.utm.campaign).toBe('spring-sale');
    expect(builderReducer(confirmed, { type: 'name', name: 'Spring Sales' }).confirmed).toBe(false);
  });

  it('renaming a confirmed campaign moves utm_campaign with it: preview, saved campaign and link agree', () => {
    const rename: BuilderAction[] = [
      { type: 'name', name: 'Gamma Promo' },
      { type: 'confirm', ocxid: OTHER },
    ];
    const renamed = rename.reduce(builderReducer, built('Alpha Promo'));
    expect(renamed.utm.campaign).toBe('gamma-promo');
    const url = previewUrl(renamed);
    expect(url).toBe(
      `https://shop.test/products/pour-over-kit?ocxid=${OTHER}&utm_source=google&utm_medium=cpc&utm_campaign=gamma-promo`,
    );
    const body = campaignBody(renamed);
    expect(body).toMatchObject({ name: 'Gamma Promo', ocxid: OTHER, utmParams: { campaign: 'gamma-promo' } });
    expect(trackedUrl({ ...body, ocxid: OTHER })).toBe(url);
  });

  it('a typed UTM tag stays as typed and is flagged; following again gives the derived value back', () => {
    const typed = builderReducer(built('Alpha Promo'), { type: 'utm', key: 'campaign', value: 'q3-push' });
    expect(typed.typed).toEqual(['campaign']);
    const renamed = builderReducer(typed, { type: 'name', name: 'Gamma Promo' });
    expect(renamed.utm.campaign).toBe('q3-push');
    const medium = builderReducer(renamed, { type: 'utm', key: 'medium', value: 'ppc' });
    expect(builderReducer(medium, { type: 'source', source: 'Display' }).utm.medium).toBe('ppc');
    const followed = builderReducer(renamed, { type: 'follow', key: 'campaign' });
    expect(followed).toMatchObject({ typed: [], utm: { campaign: 'gamma-promo' } });
    // Term and content follow nothing: typing them flags nothing.
    expect(builderReducer(typed, { type: 'utm', key: 'term', value: 'kit' }).typed).toEqual(['campaign']);
  });

  it('presets as the templates write them: google / cpc; a new network clears the source and its medium', () => {
    const s = run({ type: 'network', network: 'Google Ads' }, { type: 'source', source: 'Search' });
    expect(s.utm).toMatchObject({ source: 'google', medium: 'cpc' });
    const bing = builderReducer(s, { type: 'network', network: 'Bing Ads' });
    expect(bing).toMatchObject({ source: '', utm: { source: 'bing', medium: '' } });
    expect(builderReducer(s, { type: 'network', network: 'Google Ads' })).toMatchObject({
      source: 'Search',
      utm: { medium: 'cpc' },
    });
    expect(builderReducer(s, { type: 'source', source: 'Social' }).utm.medium).toBe('paid_social');
  });

  it('previews ocxid first, then utm_source, utm_medium, utm_campaign, then custom parameters', () => {
    const s = builderReducer(built('Spring Sale'), { type: 'params', params: { adgroup: 'shoes' } });
    expect(previewUrl(s)).toBe(
      `https://shop.test/products/pour-over-kit?ocxid=${OCXID}&utm_source=google&utm_medium=cpc&utm_campaign=spring-sale&adgroup=shoes`,
    );
    expect(readyToCreate(s)).toBe(true);
    expect(readyToCreate(builderReducer(s, { type: 'name', name: 'x' }))).toBe(false);
  });

  it("a template fills network, source, its tags and custom parameters, but never another campaign's utm_campaign", () => {
    const template = {
      network: 'Facebook Ads',
      source: 'Social',
      utmParameters: { source: 'facebook', medium: 'paid_social', campaign: 'spring-search', term: 'beans' },
      customParameters: { ad_set: 'a1', ocxid: 'other' },
    } as unknown as CampaignTemplate;
    const typed = builderReducer(built('Summer Promo'), { type: 'utm', key: 'medium', value: 'ppc' });
    const s = builderReducer(typed, { type: 'template', template });
    expect(s).toMatchObject({
      ocxid: OCXID,
      network: 'Facebook Ads',
      source: 'Social',
      typed: [],
      utm: {
        source: 'facebook',
        medium: 'paid_social',
        campaign: 'summer-promo',
        term: 'beans',
        content: '',
      },
      params: { ad_set: 'a1' },
    });
    // A tag the template leaves empty follows the template's network or source.
    const bare = { ...template, utmParameters: {} } as CampaignTemplate;
    expect(builderReducer(typed, { type: 'template', template: bare }).utm).toMatchObject({
      source: 'facebook',
      medium: 'paid_social',
    });
  });
});

describe('an emptied UTM Campaign', () => {
  it('is the name’s, in the preview as in the saved campaign', () => {
    const s = builderReducer(built('Spring Sale'), { type: 'utm', key: 'campaign', value: '' });
    expect(previewUrl(s)).toContain('&utm_campaign=spring-sale');
    expect(campaignBody(s).utmParams).toMatchObject({ campaign: 'spring-sale' });
  });
});

describe('the builder checks every field before sending', () => {
  it('marks each field over its limit at once, at its own field', () => {
    let s = built('Spring Sale');
    s = builderReducer(s, { type: 'utm', key: 'source', value: 'g'.repeat(201) });
    s = builderReducer(s, { type: 'utm', key: 'term', value: 't'.repeat(201) });
    s = builderReducer(s, { type: 'name', name: 'n'.repeat(301) });
    expect(builderErrors(s)).toEqual({
      name: 'At most 300 characters',
      'utm.source': 'At most 200 characters',
      'utm.term': 'At most 200 characters',
    });
    expect(builderErrors(built('Spring Sale'))).toEqual({});
  });
});
