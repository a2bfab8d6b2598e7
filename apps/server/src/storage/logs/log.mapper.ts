import type { Click } from '@ocx/contracts';
import type { LoggedClick } from './log.repository';

/** A stored click as the Clicks Log and the Application API show it: its time ISO text. */
export function toClick(r: LoggedClick): Click {
  return {
    id: r.id,
    website_id: r.website_id,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name,
    source: r.source,
    medium: r.medium,
    landing_page: r.landing_page,
    referrer: r.referrer,
    ip_address: r.ip_address,
    device_type: r.device_type,
    browser: r.browser,
    os: r.os,
    country: r.country,
    utm_source: r.utm_source,
    utm_medium: r.utm_medium,
    utm_campaign: r.utm_campaign,
    created_at: new Date(Number(r.ts)).toISOString(),
    click_id: r.click_id,
    click_id_type: r.click_id_type,
    channel: r.channel,
    visitor_id: r.visitor_id,
  };
}
