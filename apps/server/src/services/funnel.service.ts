import { randomUUID } from 'node:crypto';
import {
  type Funnel,
  type FunnelAnalytics,
  type FunnelComparison,
  type FunnelPeriod,
  type FunnelStepConditions,
  type FunnelUpdate,
  messages,
  type NewFunnel,
} from '@ocx/contracts';
import {
  compareFunnel,
  currentWindow,
  type FunnelEventSource,
  FunnelTally,
  funnelName,
  funnelStepsError,
  normalizeFunnelSteps,
  previousWindow,
  type TimeWindow,
} from '@ocx/core';
import { parseJson, toIso } from '../db/sql-values';
import { NotFoundError, ValidationError } from '../errors';
import type {
  FunnelRepository,
  FunnelRow,
  FunnelStepInsert,
  FunnelStepRow,
} from '../storage/sql/funnel.repository';
import type { CurrentUser, WebsiteService } from './website.service';

/** Funnels of the user's websites (spec §7) and their analytics from tracked events (DESIGN §7). */
export class FunnelService {
  constructor(
    private readonly funnels: FunnelRepository,
    private readonly events: FunnelEventSource,
    private readonly websites: WebsiteService,
    /** Told when a website's funnels change: its tracker config lists the step selectors. */
    private readonly onChange: (websiteId: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async list(user: CurrentUser, websiteId: string | undefined): Promise<Funnel[]> {
    if (!websiteId) throw new ValidationError(messages.funnels.websiteRequired);
    await this.websites.owned(user, websiteId);
    return this.withSteps(await this.funnels.listByWebsite(websiteId));
  }

  async get(user: CurrentUser, id: string): Promise<Funnel> {
    const [funnel] = await this.withSteps([await this.owned(user, id)]);
    if (!funnel) throw new NotFoundError(messages.funnels.notFound);
    return funnel;
  }

  async create(user: CurrentUser, input: NewFunnel): Promise<Funnel> {
    const websiteId = input.website_id ?? input.websiteId;
    if (!websiteId) throw new ValidationError(messages.funnels.websiteRequired);
    await this.websites.owned(user, websiteId);
    const steps = stepRows(input);
    const now = new Date(this.now()).toISOString();
    const id = randomUUID();
    await this.funnels.insert(
      {
        id,
        website_id: websiteId,
        name: funnelName(input.name),
        description: input.description?.trim() ?? '',
        created_at: now,
        updated_at: now,
      },
      steps,
    );
    this.onChange(websiteId);
    return this.get(user, id);
  }

  async update(user: CurrentUser, id: string, input: FunnelUpdate): Promise<Funnel> {
    const row = await this.owned(user, id);
    const steps = stepRows(input);
    await this.funnels.update(
      id,
      {
        name: input.name === undefined ? row.name : funnelName(input.name),
        description: input.description === undefined ? row.description : input.description.trim(),
        updated_at: new Date(this.now()).toISOString(),
      },
      steps,
    );
    this.onChange(row.website_id);
    return this.get(user, id);
  }

  async remove(user: CurrentUser, id: string): Promise<void> {
    const row = await this.owned(user, id);
    await this.funnels.delete(id);
    this.onChange(row.website_id);
  }

  async analytics(user: CurrentUser, id: string, period: FunnelPeriod): Promise<FunnelAnalytics> {
    const funnel = await this.get(user, id);
    return this.figures(funnel, period, currentWindow(period, this.now()));
  }

  async compare(
    user: CurrentUser,
    id: string,
    currentPeriod: FunnelPeriod,
    previousPeriod: FunnelPeriod,
  ): Promise<FunnelComparison> {
    const funnel = await this.get(user, id);
    const current = currentWindow(currentPeriod, this.now());
    const [now, before] = await Promise.all([
      this.figures(funnel, currentPeriod, current),
      this.figures(funnel, previousPeriod, previousWindow(previousPeriod, current.start)),
    ]);
    return compareFunnel(now, before);
  }

  /** The click selectors of a website's funnel steps (for the tracker config's `cs`). */
  async selectors(websiteId: string): Promise<string[]> {
    const conditions = await this.funnels.selectorConditions(websiteId);
    return conditions.flatMap((text) => {
      const { selector } = parseJson<FunnelStepConditions>(text, {});
      return selector ? [selector] : [];
    });
  }

  private async figures(funnel: Funnel, period: FunnelPeriod, window: TimeWindow): Promise<FunnelAnalytics> {
    const steps = funnel.steps;
    const tally = new FunnelTally(steps);
    const query = {
      websiteId: funnel.website_id,
      start: window.start,
      end: window.end,
      paths: steps.flatMap((s) => (s.conditions.path ? [s.conditions.path] : [])),
      selectors: steps.flatMap((s) => (s.conditions.selector ? [s.conditions.selector] : [])),
    };
    await this.events.forEachFunnelEvent(query, (event) => tally.add(event));
    return {
      funnelId: funnel.id,
      timeRange: period,
      periodStart: window.start > 0 ? new Date(window.start).toISOString() : null,
      periodEnd: new Date(window.end).toISOString(),
      ...tally.figures(),
    };
  }

  /** The funnel when the user owns its website; NotFound otherwise, so another user's id reveals nothing. */
  private async owned(user: CurrentUser, id: string): Promise<FunnelRow> {
    const row = await this.funnels.find(id);
    if (!row) throw new NotFoundError(messages.funnels.notFound);
    try {
      await this.websites.owned(user, row.website_id);
    } catch (err) {
      if (err instanceof NotFoundError) throw new NotFoundError(messages.funnels.notFound);
      throw err;
    }
    return row;
  }

  private async withSteps(rows: FunnelRow[]): Promise<Funnel[]> {
    const steps = await this.funnels.stepsOf(rows.map((r) => r.id));
    return rows.map((row) =>
      toFunnel(
        row,
        steps.filter((s) => s.funnel_id === row.id),
      ),
    );
  }
}

/** Validated, renumbered step rows; a step keeps its id unless it is missing or repeated. */
function stepRows(input: FunnelUpdate): FunnelStepInsert[] {
  const message = funnelStepsError(input.steps);
  if (message) throw new ValidationError(message);
  const seen = new Set<string>();
  return normalizeFunnelSteps(input.steps).map((step) => {
    const id = step.id && !seen.has(step.id) ? step.id : randomUUID();
    seen.add(id);
    return { id, name: step.name, step_order: step.order, conditions: JSON.stringify(step.conditions) };
  });
}

function toFunnel(row: FunnelRow, steps: FunnelStepRow[]): Funnel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    website_id: row.website_id,
    steps: steps.map((s) => ({
      id: s.id,
      name: s.name,
      order: Number(s.step_order),
      conditions: parseJson<FunnelStepConditions>(s.conditions, {}),
    })),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
