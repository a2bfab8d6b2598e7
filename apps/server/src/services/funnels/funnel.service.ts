import { randomUUID } from 'node:crypto';
import {
  type Funnel,
  type FunnelAnalytics,
  type FunnelComparison,
  type FunnelPeriod,
  type FunnelUpdate,
  messages,
  type NewFunnel,
} from '@ocx/contracts';
import {
  compareFunnel,
  currentWindow,
  FunnelTally,
  funnelName,
  funnelStepsError,
  normalizeFunnelSteps,
  previousWindow,
  type TimeWindow,
} from '@ocx/core';
import { NotFoundError, ValidationError } from '../../errors';
import type { FunnelRepository, FunnelStepInsert } from '../../storage/funnels/funnel.repository';
import type { FunnelEventRepository } from '../../storage/funnels/funnel-event.repository';
import type { Access, CurrentUser, WebsiteAccess } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';

/** Funnels of the user's websites (spec §7) and their analytics from tracked events (docs/definitions.md#funnels). */
export class FunnelService {
  constructor(
    private readonly funnels: FunnelRepository,
    private readonly events: FunnelEventRepository,
    private readonly access: Access,
    /** Told of funnel changes: the website's tracker config lists the step selectors. */
    private readonly bus: DomainEventBus,
    private readonly now: () => number = Date.now,
  ) {}

  async list(user: CurrentUser, websiteId: string | undefined): Promise<Funnel[]> {
    if (!websiteId) throw new ValidationError(messages.funnels.websiteRequired);
    await this.access.website(user, websiteId, 'read');
    return this.funnels.listByWebsite(websiteId);
  }

  get(user: CurrentUser, id: string): Promise<Funnel> {
    return this.funnelFor(user, id, 'read');
  }

  async create(user: CurrentUser, input: NewFunnel): Promise<Funnel> {
    const websiteId = input.website_id ?? input.websiteId;
    if (!websiteId) throw new ValidationError(messages.funnels.websiteRequired);
    await this.access.website(user, websiteId, 'write');
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
    await this.bus.emit('website.changed', { websiteId });
    return this.get(user, id);
  }

  async update(user: CurrentUser, id: string, input: FunnelUpdate): Promise<Funnel> {
    const funnel = await this.funnelFor(user, id, 'write');
    const steps = stepRows(input);
    await this.funnels.update(
      id,
      {
        name: input.name === undefined ? funnel.name : funnelName(input.name),
        description: input.description === undefined ? funnel.description : input.description.trim(),
        updated_at: new Date(this.now()).toISOString(),
      },
      steps,
    );
    await this.bus.emit('website.changed', { websiteId: funnel.website_id });
    return this.get(user, id);
  }

  async remove(user: CurrentUser, id: string): Promise<void> {
    const funnel = await this.funnelFor(user, id, 'write');
    await this.funnels.delete(id);
    await this.bus.emit('website.changed', { websiteId: funnel.website_id });
  }

  async analytics(user: CurrentUser, id: string, period: FunnelPeriod): Promise<FunnelAnalytics> {
    const funnel = await this.get(user, id);
    const zone = await this.zoneOf(user, funnel.website_id);
    return this.figures(funnel, period, currentWindow(period, this.now(), zone));
  }

  async compare(
    user: CurrentUser,
    id: string,
    currentPeriod: FunnelPeriod,
    previousPeriod: FunnelPeriod,
  ): Promise<FunnelComparison> {
    const funnel = await this.get(user, id);
    const zone = await this.zoneOf(user, funnel.website_id);
    const current = currentWindow(currentPeriod, this.now(), zone);
    const [now, before] = await Promise.all([
      this.figures(funnel, currentPeriod, current),
      this.figures(funnel, previousPeriod, previousWindow(previousPeriod, current.start, zone)),
    ]);
    return compareFunnel(now, before);
  }

  /** The website's time zone, where 'today' starts (docs/definitions.md#funnels). */
  private async zoneOf(user: CurrentUser, websiteId: string): Promise<string> {
    return (await this.access.website(user, websiteId, 'read')).timezone;
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

  /** The funnel when the user may `need` its website; NotFound otherwise, so another user's id reveals nothing. */
  private async funnelFor(user: CurrentUser, id: string, need: WebsiteAccess): Promise<Funnel> {
    const funnel = await this.funnels.find(id);
    if (!funnel) throw new NotFoundError(messages.funnels.notFound);
    try {
      await this.access.website(user, funnel.website_id, need);
    } catch (err) {
      if (err instanceof NotFoundError) throw new NotFoundError(messages.funnels.notFound);
      throw err;
    }
    return funnel;
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
    return { id, name: step.name, step_order: step.order, conditions: step.conditions };
  });
}
