import { trafficChannels } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { CHANNEL_LABELS, channelLabel } from './channel-labels';

describe('channel labels', () => {
  it("names the six channels, organic as 'Organic search'", () => {
    expect(trafficChannels.map(channelLabel)).toEqual([
      'Direct',
      'Organic search',
      'Social',
      'Email',
      'Referral',
      'Paid',
    ]);
    expect(Object.keys(CHANNEL_LABELS)).toEqual([...trafficChannels]);
  });

  it("capitalizes a channel it does not know and calls an empty one 'Unknown'", () => {
    expect(channelLabel('newsletter')).toBe('Newsletter');
    expect(channelLabel('')).toBe('Unknown');
    expect(channelLabel('toString')).toBe('ToString');
  });
});
