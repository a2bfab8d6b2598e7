import type { FastifyInstance } from 'fastify';
import { type FuzzTargets, fuzzRequests } from './fuzz-bodies';
import { as } from './test-app';
import { trackedSite } from './tracked-site.fixture';

interface FuzzResult {
  sent: number;
  collect: number;
  s2s: number;
  byStatus: Map<number, number>;
  /** The first few 5xx answers with the body that caused them. */
  failures: { status: number; kind: string; payload: string; body: string }[];
}

/** Two owners' websites (one with a campaign and an API key the bodies use), as the fuzzer aims at them. */
export async function fuzzTargets(app: FastifyInstance): Promise<FuzzTargets> {
  const site = await trackedSite(app);
  const other = await trackedSite(app);
  const key = await app.inject({
    method: 'POST',
    url: `/api/websites/${site.siteId}/api-keys`,
    headers: as(site.owner),
    payload: { name: 'fuzz' },
  });
  return {
    siteId: site.siteId,
    ocxid: site.campaign.ocxid,
    apiKey: key.json().key,
    otherSiteId: other.siteId,
    otherOcxid: other.campaign.ocxid,
  };
}

/** Sends `count` generated collect and server-to-server bodies (seeded) and counts the answers. */
export async function runFuzz(
  app: FastifyInstance,
  targets: FuzzTargets,
  count: number,
  seed: number,
  onProgress: (sent: number) => void = () => {},
): Promise<FuzzResult> {
  const next = fuzzRequests(seed, targets);
  const result: FuzzResult = { sent: 0, collect: 0, s2s: 0, byStatus: new Map(), failures: [] };
  for (let i = 0; i < count; i++) {
    const request = next();
    const res = await app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.payload,
    });
    result.sent += 1;
    result[request.kind] += 1;
    result.byStatus.set(res.statusCode, (result.byStatus.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500 && result.failures.length < 5)
      result.failures.push({
        status: res.statusCode,
        kind: request.kind,
        payload: request.payload.slice(0, 2000),
        body: res.body.slice(0, 500),
      });
    if (result.sent % 10_000 === 0) onProgress(result.sent);
  }
  return result;
}

/** Answers with a status of 500 or more. */
export const serverErrors = (r: FuzzResult) =>
  [...r.byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
