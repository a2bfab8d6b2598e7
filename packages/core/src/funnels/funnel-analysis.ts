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

interface VisitorProgress {
  /** Steps reached so far. */
  reached: number;
  /** When the visitor entered (step 1). */
  entered: number;
}

/**
 * docs/definitions.md#funnels funnel counting over events fed in time order: a visitor enters at the first event
 * matching step 1 and reaches step k at the first later event matching it (one event counts for
 * one step). Only visitors who entered are remembered, with two numbers each, so events can be
 * streamed through in pages of any size.
 */
export class FunnelTally {
  private readonly progress = new Map<string, VisitorProgress>();
  private readonly visitors: number[];
  private completed = 0;
  private secondsToConvert = 0;

  constructor(private readonly steps: FunnelStepRule[]) {
    this.visitors = steps.map(() => 0);
  }

  add(event: FunnelEvent): void {
    const state = this.progress.get(event.visitorId);
    const next = state?.reached ?? 0;
    const step = this.steps[next];
    if (!step || !stepMatches(step.conditions, event)) return;
    const entered = state?.entered ?? event.ts;
    if (state) state.reached += 1;
    else this.progress.set(event.visitorId, { reached: 1, entered });
    this.visitors[next] = (this.visitors[next] ?? 0) + 1;
    if (next === this.steps.length - 1) {
      this.completed += 1;
      this.secondsToConvert += (event.ts - entered) / 1000;
    }
  }

  figures(): FunnelFigures {
    const totalEntries = this.visitors[0] ?? 0;
    return {
      totalEntries,
      completionRate: totalEntries > 0 ? this.completed / totalEntries : 0,
      averageTimeToConversion: this.completed > 0 ? this.secondsToConvert / this.completed : null,
      stepConversions: this.steps.map((step, k) => {
        const count = this.visitors[k] ?? 0;
        const before = k > 0 ? (this.visitors[k - 1] ?? 0) : 0;
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
}

/** The figures of a list of events in any order (ties in time keep their given order). */
export function analyzeFunnel(steps: FunnelStepRule[], events: FunnelEvent[]): FunnelFigures {
  const tally = new FunnelTally(steps);
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) tally.add(event);
  return tally.figures();
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

/** Port for the store that holds events (the SQL database or ClickHouse, funnel-event.*.ts on the server). */
export interface FunnelEventSource {
  /** Calls `visit` with the candidate events in time order (ties in stored order), page by page. */
  forEachFunnelEvent(query: FunnelEventQuery, visit: (event: FunnelEvent) => void): Promise<void>;
}
