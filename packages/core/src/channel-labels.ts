import type { TrafficChannel } from '@ocx/contracts';

/** How every screen names the docs/definitions.md#channels traffic channels; organic is search engines (spec §9). */
export const CHANNEL_LABELS: Record<TrafficChannel, string> = {
  direct: 'Direct',
  organic: 'Organic search',
  social: 'Social',
  email: 'Email',
  referral: 'Referral',
  paid: 'Paid',
};

const isKnown = (channel: string): channel is TrafficChannel => Object.hasOwn(CHANNEL_LABELS, channel);

/**
 * A channel's label. Reports and paths carry the channel as a plain string, so one outside the six
 * (stored before a rename, say) is shown capitalized rather than as a blank.
 */
export function channelLabel(channel: string): string {
  if (isKnown(channel)) return CHANNEL_LABELS[channel];
  return channel ? channel.charAt(0).toUpperCase() + channel.slice(1) : 'Unknown';
}
