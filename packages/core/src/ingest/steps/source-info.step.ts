import { hasClickId, scanClickIds } from '../ad-platforms';
import { classifyChannel } from '../channel';
import { externalReferrer } from '../domains';
import type { IngestNotice, Step, Utm } from '../ingest-types';
import { websiteOf } from '../ingest-types';

const clean = (value: string | null, max = 200) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** UTM tags, ocxid → campaign, click id (format-checked), external or app referrer and channel. */
export const sourceInfo: Step = async (event, ports) => {
  const website = websiteOf(event);
  const params = new URLSearchParams(event.query);
  const utm: Utm = {
    source: clean(params.get('utm_source')),
    medium: clean(params.get('utm_medium')),
    campaign: clean(params.get('utm_campaign')),
    term: clean(params.get('utm_term')),
    content: clean(params.get('utm_content')),
  };
  const notices: IngestNotice[] = [...event.notices];

  const ocxid = clean(params.get('ocxid'), 64);
  const campaign = ocxid ? await ports.campaignByOcxid(website.id, ocxid) : null;
  if (ocxid && !campaign) notices.push('unknown_ocxid');

  const clickIds = scanClickIds((name) => params.get(name));
  if (clickIds.invalid.length > 0) notices.push('invalid_click_id');

  const referrer = externalReferrer(event.referrer, website);

  return {
    ...event,
    utm,
    ocxid,
    campaignId: campaign?.id ?? null,
    clickIdType: clickIds.valid?.type ?? null,
    clickId: clickIds.valid?.id ?? null,
    referrerDomain: referrer?.domain ?? null,
    channel: classifyChannel({
      campaign,
      utmSource: utm.source,
      utmMedium: utm.medium,
      utmCampaign: utm.campaign,
      referrer,
      hasClickId: hasClickId(clickIds),
    }),
    notices,
  };
};
