import { findClickId } from '../ad-platforms';
import { classifyChannel } from '../channel';
import { hostOf, isOwnHost } from '../domains';
import type { IngestNotice, Step, Utm } from '../ingest-types';
import { websiteOf } from '../ingest-types';

const clean = (value: string | null, max = 200) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** UTM tags, ocxid → campaign, click id (format-checked), external referrer and channel. */
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
  const campaignId = ocxid ? await ports.campaignIdByOcxid(website.id, ocxid) : null;
  if (ocxid && !campaignId) notices.push('unknown_ocxid');

  const found = findClickId((name) => params.get(name));
  const valid = found && 'id' in found ? found : null;
  if (found && !valid) notices.push('invalid_click_id');

  const referrerHost = hostOf(event.referrer);
  const referrerDomain = referrerHost && !isOwnHost(referrerHost, website) ? referrerHost : null;

  return {
    ...event,
    utm,
    ocxid,
    campaignId,
    clickIdType: valid?.type ?? null,
    clickId: valid?.id ?? null,
    referrerDomain,
    channel: classifyChannel({
      utmSource: utm.source,
      utmMedium: utm.medium,
      referrerDomain,
      hasClickId: valid !== null,
    }),
    notices,
  };
};
