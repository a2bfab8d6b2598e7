import type { CampaignTemplate, LandingPage } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BuilderAction,
  builderReducer,
  initialBuilder,
  previewUrl,
  readyToCreate,
} from './builder-state';

const page = { href: 'https://shop.test/spring' } as LandingPage;
const OCXID = '0123456789abcdef0123456789abcdef';
const run = (...actions: BuilderAction[]) => actions.reduce(builderReducer, initialBuilder);

describe('campaign builder flow', () => {
  it('confirming the name fixes it, sets the ocxid and the hyphenated UTM campaign; editing unconfirms', () => {
    const confirmed = run({ type: 'name', name: 'Spring Sale' }, { type: 'confirm', ocxid: OCXID });
    expect(confirmed).toMatchObject({ confirmed: true, ocxid: OCXID });
    expect(confirmed.utm.campaign).toBe('spring-sale');
    expect(builderReducer(confirmed, { type: 'name', name: 'Spring Sales' }).confirmed).toBe(false);
  });

  it('changing the network clears the source; a source sets UTM source and medium', () => {
    const s = run({ type: 'network', network: 'Google Ads' }, { type: 'source', source: 'Search' });
    expect(s.utm).toMatchObject({ source: 'google ads', medium: 'Search' });
    expect(builderReducer(s, { type: 'network', network: 'Bing Ads' }).source).toBe('');
    expect(builderReducer(s, { type: 'network', network: 'Google Ads' }).source).toBe('Search');
  });

  it('previews ocxid first, then utm_source, utm_medium, utm_campaign, then custom parameters', () => {
    const s = run(
      { type: 'network', network: 'Google Ads' },
      { type: 'source', source: 'Search' },
      { type: 'landingPage', page },
      { type: 'name', name: 'Spring Sale' },
      { type: 'confirm', ocxid: OCXID },
      { type: 'params', params: { adgroup: 'shoes' } },
    );
    expect(previewUrl(s)).toBe(
      `https://shop.test/spring?ocxid=${OCXID}&utm_source=google%20ads&utm_medium=Search&utm_campaign=spring-sale&adgroup=shoes`,
    );
    expect(readyToCreate(s)).toBe(true);
    expect(readyToCreate(builderReducer(s, { type: 'name', name: 'x' }))).toBe(false);
  });

  it('applying a template fills network, source, UTM and custom parameters and keeps the ocxid', () => {
    const template = {
      network: 'Facebook Ads',
      source: 'Social',
      utmParameters: { source: 'facebook', medium: 'paid_social', campaign: 'lead-gen' },
      customParameters: { ad_set: 'a1', ocxid: 'other' },
    } as unknown as CampaignTemplate;
    const s = run(
      { type: 'name', name: 'Leads' },
      { type: 'confirm', ocxid: OCXID },
      { type: 'template', template },
    );
    expect(s).toMatchObject({
      ocxid: OCXID,
      network: 'Facebook Ads',
      source: 'Social',
      utm: { source: 'facebook', medium: 'paid_social', campaign: 'lead-gen', term: '', content: '' },
      params: { ad_set: 'a1' },
    });
  });
});
