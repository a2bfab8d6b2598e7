import type { CollectResult } from '@ocx/contracts';
import { DAY_MS, type Drop, type IngestEvent, type IngestPorts, isDrop, runPipeline } from '@ocx/core';
import type { GroupCommitWriter } from './group-commit-writer';
import type { IngestMetrics } from './ingest-metrics';
import { RefusalLog } from './refusal-log';
import type { PublicWebsite, WebsiteDirectory } from './website-directory';

/** Where a consent moves a hash visitor's rows since `since` to the id they consented with. */
export interface ConsentLinks {
  link(websiteId: string, from: string, to: string, since: number): Promise<unknown>;
}

export interface RequestMeta {
  ip: string;
  userAgent: string;
  receivedAt: number;
}

/** Runs each event through the pipeline and answers once the accepted ones are committed. */
export class IngestService {
  constructor(
    private readonly ports: IngestPorts,
    private readonly writer: GroupCommitWriter,
    readonly metrics: IngestMetrics,
    readonly refusals = new RefusalLog(),
    private readonly consentLinks: ConsentLinks = { link: async () => {} },
    /** The public side of each website (what the tracker's config request answers), cached. */
    private readonly directory: Pick<WebsiteDirectory, 'get'> = { get: async () => null },
  ) {}

  /** The website as the tracker sees it (goals, selectors, options), or null for an unknown id. */
  trackerConfig(site: string): Promise<PublicWebsite | null> {
    return this.directory.get(site);
  }

  /**
   * One event through the same steps collect runs, stored nowhere and counted nowhere: the Event
   * Test learns what collect would have done with it, and why it would have dropped it.
   */
  check(site: string, payload: unknown, meta: RequestMeta): Promise<IngestEvent | Drop> {
    return runPipeline({ site, payload, ...meta }, this.ports);
  }

  async collect(site: string, payloads: unknown[], meta: RequestMeta): Promise<CollectResult> {
    const results = await Promise.all(
      payloads.map((payload) => runPipeline({ site, payload, ...meta }, this.ports)),
    );
    const accepted: IngestEvent[] = [];
    const dropped: CollectResult['dropped'] = [];
    results.forEach((result, index) => {
      if (isDrop(result)) {
        this.metrics.drop(result.drop);
        this.refusals.record(site, result.drop, result.detail, meta.receivedAt);
        dropped.push({ index, reason: result.detail ? `${result.drop}: ${result.detail}` : result.drop });
      } else {
        for (const notice of result.notices) this.metrics.notice(notice);
        accepted.push(result);
      }
    });
    if (accepted.length > 0) {
      try {
        await this.writer.submit(accepted);
      } catch (error) {
        this.metrics.counts.commitFailures += 1;
        throw error;
      }
      this.metrics.counts.accepted += accepted.length;
      // Once stored: today's hash visitor of a browser that consented joins its new visitor id.
      const today = Math.floor(meta.receivedAt / DAY_MS) * DAY_MS;
      for (const event of accepted)
        if (event.linkFrom)
          await this.consentLinks.link(event.websiteId, event.linkFrom, event.visitorId, today);
    }
    return { accepted: accepted.length, dropped };
  }
}
