import type { FunnelEventSource } from '@ocx/core';

/**
 * The events a funnel can match, as core's funnel analysis reads them (FunnelEventSource): each
 * backend's variant (funnel-event.sql.ts, funnel-event.clickhouse.ts) behind this one type, both
 * held to funnel-event.contract.ts.
 */
export type FunnelEventRepository = FunnelEventSource;
