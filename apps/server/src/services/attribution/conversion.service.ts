import type { Conversion, S2SConversion } from '@ocx/contracts';
import { conversionType, honouredTime, toMinorUnits } from '@ocx/core';
import { timeOrderedId } from '../../db/time-ordered-id';
import { toConversion } from '../../storage/attribution/conversion.mapper';
import type { ConversionRepository } from '../../storage/attribution/conversion.repository';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type { DomainEventBus } from '../platform/domain-events';

/** POST /api/v1/conversions: a conversion reported by the website's own server. */
export class ConversionService {
  constructor(
    private readonly conversions: ConversionRepository,
    private readonly campaigns: CampaignRepository,
    private readonly bus: DomainEventBus,
  ) {}

  /** Records a conversion; a repeated dedupeKey answers the stored one instead (created: false). */
  async record(
    websiteId: string,
    input: S2SConversion,
    now = Date.now(),
  ): Promise<{ conversion: Conversion; created: boolean }> {
    // The same rule as collect's: a conversion cannot be dated back past the last 7 days.
    const ts = honouredTime(input.ts, now);
    const click = input.clickId ? await this.conversions.clickById(websiteId, input.clickId) : undefined;
    const visitorId = input.visitorId ?? click?.visitor_id ?? null;
    const session =
      click ?? (visitorId ? await this.conversions.latestClick(websiteId, visitorId, ts) : undefined);
    const namedCampaign = input.ocxid ? await this.campaigns.findIdByOcxid(websiteId, input.ocxid) : null;
    const dedupeKey = input.dedupeKey ?? `api:${timeOrderedId()}`;
    const currency = (input.currency ?? 'USD').toUpperCase();
    const row = {
      id: timeOrderedId(),
      website_id: websiteId,
      campaign_id: namedCampaign ?? session?.campaign_id ?? null,
      goal_id: await this.conversions.goalIdByName(websiteId, input.goal),
      goal_name: input.goal,
      click_id: session?.id ?? null,
      value_minor: input.value === undefined ? null : toMinorUnits(input.value, currency),
      currency,
      ts,
      visitor_id: visitorId,
      conversion_type: input.conversionType ?? conversionType(input.goal, input.value ?? null),
      dedupe_key: dedupeKey,
      source: 'api',
      event_id: null,
    };
    const created = await this.conversions.insertUnlessDuplicate(row);
    if (created) await this.bus.emit('conversions.stored', { count: 1 });
    const stored = created ? row : await this.conversions.byDedupeKey(websiteId, dedupeKey);
    if (!stored) throw new Error('conversion vanished after a dedupe conflict');
    return { conversion: toConversion(stored), created };
  }
}
