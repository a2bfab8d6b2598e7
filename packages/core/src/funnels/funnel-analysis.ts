import type { FunnelStepConditions, FunnelStepConversion } from '@ocx/contracts';

/** What funnel matching needs of an event (a pageview or a click of the website in the window). */
export interface FunnelEvent {
  visitorId: string;
  ts: number;
  type: string;
  path: string;
  selector: string | null;
}

export interface FunnelStepRule {
  id: string;
  name: string;
  conditions: FunnelStepConditions;
}

export interface FunnelFigures {
  totalEntries: number;
  completionRate: number;
  averageTimeToConversion: number | null;
  stepConversions: FunnelStepConversion[];
}

/** Path steps match a pageview whose path contains theirs (case-insensitive, as goals do); selector steps a click on it. */
export function stepMatches(conditions: FunnelStepConditions, event: FunnelEvent): boolean {
  if (conditions.path)
    return event.type === 'pageview' && event.path.toLowerCase().includes(conditions.path.toLowerCase());
  if (conditions.selector) return event.type === 'click' && event.selector === conditions.selector;
  return false;
}

/**
 * How far one visitor got: their events in time order, step 1 at the first matching event, step k
 * at the first later event matching it (one event counts for one step). Returns the times of the
 * steps reached.
 */
export function funnelProgress(steps: FunnelStepRule[], events: FunnelEvent[]): number[] {
  const reached: number[] = [];
  for (const event of events) {
    const step = steps[reached.length];
    if (!step) break;
    if (stepMatches(step.conditions, event)) reached.push(event.ts);
  }
  return reached;
}

/**
 * DESIGN §7 funnel figures over the events of a window. Events may come in any visitor order;
 * within a visitor they are ordered by time (ties keep their given order).
 */
export function analyzeFunnel(steps: FunnelStepRule[], events: FunnelEvent[]): FunnelFigures {
  const byVisitor = new Map<string, FunnelEvent[]>();
  for (const e of events) {
    const list = byVisitor.get(e.visitorId);
    if (list) list.push(e);
    else byVisitor.set(e.visitorId, [e]);
  }
  const visitors = steps.map(() => 0);
  let completed = 0;
  let secondsToConvert = 0;
  for (const list of byVisitor.values()) {
    list.sort((a, b) => a.ts - b.ts);
    const reached = funnelProgress(steps, list);
    for (let k = 0; k < reached.length; k++) visitors[k] = (visitors[k] ?? 0) + 1;
    if (steps.length > 0 && reached.length === steps.length) {
      completed += 1;
      secondsToConvert += ((reached.at(-1) ?? 0) - (reached[0] ?? 0)) / 1000;
    }
  }
  const totalEntries = visitors[0] ?? 0;
  return {
    totalEntries,
    completionRate: totalEntries > 0 ? completed / totalEntries : 0,
    averageTimeToConversion: completed > 0 ? secondsToConvert / completed : null,
    stepConversions: steps.map((step, k) => {
      const count = visitors[k] ?? 0;
      const before = k > 0 ? (visitors[k - 1] ?? 0) : 0;
      return {
        stepId: step.id,
        stepName: step.name,
        visitors: count,
        conversionRate: totalEntries > 0 ? count / totalEntries : 0,
        dropOff: k > 0 && before > 0 ? 1 - count / before : null,
      };
    }),
  };
}

/** The candidate events of a funnel: a website's pageviews and clicks in [start, end) that may match a step. */
export interface FunnelEventQuery {
  websiteId: string;
  start: number;
  end: number;
  /** Step paths; an event store may return more pageviews than match (the rule above decides). */
  paths: string[];
  selectors: string[];
}

/** Port for the store that holds events (SQL today, ClickHouse later). */
export interface FunnelEventSource {
  funnelEvents(query: FunnelEventQuery): Promise<FunnelEvent[]>;
}
