import type { CollectResult } from '@ocx/contracts';
import { type IngestEvent, type IngestPorts, isDrop, runPipeline } from '@ocx/core';
import type { GroupCommitWriter } from '../ingest/group-commit-writer';
import type { IngestMetrics } from '../ingest/ingest-metrics';
import { RefusalLog } from '../ingest/refusal-log';

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
  ) {}

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
    }
    return { accepted: accepted.length, dropped };
  }
}
