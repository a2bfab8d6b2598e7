/** DESIGN §7: an entrance through one of the website's campaign links is email or paid. */
export function campaignEntranceChannel(campaign: {
  utmSource: string | null;
  utmMedium: string | null;
  network: string | null;
}): 'email' | 'paid' {
  const says = (v: string | null) => !!v && /^(e-?mail|newsletter)$/i.test(v.trim());
  return says(campaign.utmMedium) || says(campaign.utmSource) || says(campaign.network) ? 'email' : 'paid';
}
