import { messages } from '@ocx/contracts';
import { buildTrackingSnippet, type EventStore, type StoredEvent } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError, ValidationError } from '../../errors';
import { mockOf } from '../../test/service-mocks';
import { alice, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import type { Limit, RateLimits } from '../platform/rate-limits';
import { type FetchedResponse, RefusedAddressError } from '../postbacks/postback-http';
import { InstallationService, type PageFetcher } from './installation.service';
import { RefusalLog } from './refusal-log';

const endpoints = { publicUrl: 'https://ocx.example/', scriptPath: '/ocx.js', collectPath: '/collect' };
const snippet = buildTrackingSnippet({
  websiteId: 'site-1',
  rootDomain: 'shop.example',
  firstPartyTracking: false,
  publicUrl: 'https://ocx.example',
  scriptPath: '/ocx.js',
  collectPath: '/collect',
});

function build() {
  const access = mockOf<Access>();
  const events = mockOf<EventStore>();
  const refusals = new RefusalLog();
  const http = mockOf<PageFetcher>();
  const limit = mockOf<Limit>();
  const limits = mockOf<RateLimits>({ sliding: () => limit });
  access.website.mockResolvedValue(
    websiteRow({ config: JSON.stringify({ scriptConfig: { crossDomains: ['shop-pay.example'] } }) }),
  );
  limit.allow.mockResolvedValue(true);
  const service = new InstallationService(access, events, refusals, http, endpoints, limits);
  return { service, access, events, refusals, http, limit };
}

const page = (changes: Partial<FetchedResponse> = {}): FetchedResponse => ({
  status: 200,
  headers: {},
  text: `<html><head>${snippet}</head></html>`,
  ...changes,
});

describe('InstallationService', () => {
  it('answers when the first event arrived and what was refused meanwhile', async () => {
    const { service, events, refusals } = build();
    events.recentEvents.mockResolvedValue([mockOf<StoredEvent>({ ts: Date.parse('2024-03-01T10:00:00Z') })]);
    refusals.record('site-1', 'foreign_origin', 'elsewhere.example', Date.parse('2024-03-01T09:00:00Z'));
    await expect(service.status(alice, 'site-1')).resolves.toEqual({
      websiteId: 'site-1',
      lastEventAt: '2024-03-01T10:00:00.000Z',
      refusal: expect.objectContaining({ reason: 'foreign_origin', host: 'elsewhere.example' }),
    });
    expect(events.recentEvents).toHaveBeenCalledWith('site-1', 1);
    events.recentEvents.mockResolvedValue([]);
    await expect(service.status(alice, 'site-1')).resolves.toMatchObject({ lastEventAt: null });
  });

  it('finds the snippet on the home page when no page is given', async () => {
    const { service, http } = build();
    http.fetchPage.mockResolvedValue(page());
    await expect(service.check(alice, 'site-1', undefined)).resolves.toEqual({
      url: 'https://shop.example/',
      finding: 'snippet_found',
      status: 200,
      advice: messages.installation.snippetFound,
    });
    expect(http.fetchPage).toHaveBeenCalledWith('https://shop.example/', expect.any(AbortSignal));
  });

  it('opens a given page on the website’s domains only', async () => {
    const { service, http } = build();
    http.fetchPage.mockResolvedValue(page({ text: '<html></html>' }));
    await expect(service.check(alice, 'site-1', 'shop-pay.example/checkout')).resolves.toMatchObject({
      url: 'https://shop-pay.example/checkout',
      finding: 'snippet_missing',
    });
    for (const elsewhere of [
      'https://evil.example/',
      'ftp://shop.example/',
      'https://user:pw@shop.example/',
      'http://[bad',
    ])
      await expect(service.check(alice, 'site-1', elsewhere)).rejects.toThrow(
        new ValidationError(messages.installation.otherDomain('shop.example'), 'url'),
      );
    expect(http.fetchPage).toHaveBeenCalledTimes(1);
  });

  it('names what blocks the script: a Content-Security-Policy, an error page, no answer', async () => {
    const { service, http } = build();
    http.fetchPage.mockResolvedValueOnce(
      page({ headers: { 'content-security-policy': "script-src 'self'" } }),
    );
    await expect(service.check(alice, 'site-1', undefined)).resolves.toMatchObject({
      finding: 'csp_blocks_script',
      advice: messages.installation.cspScript('https://ocx.example'),
    });
    http.fetchPage.mockResolvedValueOnce(page({ status: 503 }));
    await expect(service.check(alice, 'site-1', undefined)).resolves.toMatchObject({
      finding: 'http_error',
      status: 503,
    });
    http.fetchPage.mockRejectedValueOnce(new Error('ECONNREFUSED'));
    await expect(service.check(alice, 'site-1', undefined)).resolves.toMatchObject({
      finding: 'unreachable',
      status: null,
    });
  });

  it('says which address it refused to open', async () => {
    const { service, http } = build();
    http.fetchPage.mockRejectedValue(
      new RefusedAddressError('refused', 'shop.example resolves to 10.0.0.7 (private)'),
    );
    await expect(service.check(alice, 'site-1', undefined)).resolves.toEqual({
      url: 'https://shop.example/',
      finding: 'refused_address',
      status: null,
      advice: messages.installation.refusedAddress('shop.example resolves to 10.0.0.7 (private)'),
    });
  });

  it('needs a domain, and limits checks per user', async () => {
    const { service, access, limit, http } = build();
    limit.allow.mockResolvedValueOnce(false);
    await expect(service.check(alice, 'site-1', undefined)).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(limit.allow).toHaveBeenCalledWith(alice.id, expect.any(Number));
    access.website.mockResolvedValue(websiteRow({ root_domain: '' }));
    await expect(service.check(alice, 'site-1', undefined)).rejects.toThrow(messages.installation.noDomain);
    expect(http.fetchPage).not.toHaveBeenCalled();
  });
});
