import { describe, expect, it } from 'vitest';
import {
  analyzeFunnel,
  type FunnelEvent,
  type FunnelStepRule,
  FunnelTally,
  stepMatches,
} from './funnel-analysis';

const steps = [
  { id: 's1', name: 'Landing', conditions: { path: '/pricing' } },
  { id: 's2', name: 'Buy click', conditions: { selector: '#buy' } },
  { id: 's3', name: 'Thanks', conditions: { path: '/thank-you' } },
];
const view = (visitorId: string, ts: number, path: string): FunnelEvent => ({
  visitorId,
  ts,
  type: 'pageview',
  path,
  selector: null,
});
const click = (visitorId: string, ts: number, selector: string): FunnelEvent => ({
  visitorId,
  ts,
  type: 'click',
  path: '/pricing',
  selector,
});

describe('funnel step matching', () => {
  it('matches a pageview whose path contains the step path, ignoring case, and a click on the exact selector', () => {
    expect(stepMatches({ path: '/pricing' }, view('v', 1, '/en/Pricing/annual'))).toBe(true);
    expect(stepMatches({ path: '/pricing' }, view('v', 1, '/checkout'))).toBe(false);
    expect(stepMatches({ path: '/pricing' }, click('v', 1, '#buy'))).toBe(false);
    expect(stepMatches({ selector: '#buy' }, click('v', 1, '#buy'))).toBe(true);
    expect(stepMatches({ selector: '#buy' }, click('v', 1, '.buy'))).toBe(false);
    expect(stepMatches({ selector: '#buy' }, view('v', 1, '/#buy'))).toBe(false);
  });

  it('reaches a step only with an event after the previous step, one event per step', () => {
    const visitors = (list: FunnelStepRule[], events: FunnelEvent[]) =>
      analyzeFunnel(list, events).stepConversions.map((s) => s.visitors);
    // Thanks before the pricing page does not count; a later thanks does.
    const events = [
      view('v', 1, '/thank-you'),
      view('v', 2, '/pricing'),
      click('v', 3, '#buy'),
      view('v', 4, '/thank-you'),
    ];
    expect(visitors(steps, events)).toEqual([1, 1, 1]);
    expect(visitors(steps, events.slice(0, 3))).toEqual([1, 1, 0]);
    // One pageview cannot be both step 1 and step 2 of a funnel whose steps both match it.
    const same = [
      { id: 'a', name: 'A', conditions: { path: '/' } },
      { id: 'b', name: 'B', conditions: { path: '/shop' } },
    ];
    expect(visitors(same, [view('v', 1, '/shop')])).toEqual([1, 0]);
    expect(visitors(same, [view('v', 1, '/shop'), view('v', 2, '/shop')])).toEqual([1, 1]);
  });

  it('gives the same figures fed in time order, one event at a time, as from a whole list', () => {
    const events = [
      view('a', 1_000, '/pricing'),
      view('b', 1_500, '/pricing'),
      click('a', 2_000, '#buy'),
      view('a', 9_000, '/thank-you'),
      click('b', 9_500, '#buy'),
    ];
    const tally = new FunnelTally(steps);
    for (const e of events) tally.add(e);
    expect(tally.figures()).toEqual(analyzeFunnel(steps, [...events].reverse()));
    expect(tally.figures()).toMatchObject({
      totalEntries: 2,
      completionRate: 0.5,
      averageTimeToConversion: 8,
    });
  });
});

describe('funnel figures', () => {
  it('counts visitors per step, the drop from the step before, completion and mean time to convert', () => {
    // 5 visitors enter; 3 click buy; 2 reach thanks (after 60 s and 180 s); visitor e never enters.
    const events = [
      view('a', 1_000, '/pricing'),
      click('a', 31_000, '#buy'),
      view('a', 61_000, '/thank-you'),
      view('b', 2_000, '/pricing'),
      view('b', 3_000, '/pricing'),
      click('b', 100_000, '#buy'),
      view('b', 182_000, '/thank-you'),
      view('c', 5_000, '/pricing'),
      click('c', 6_000, '#buy'),
      view('d', 7_000, '/pricing'),
      view('f', 8_000, '/pricing'),
      view('e', 9_000, '/thank-you'),
      click('e', 9_500, '#buy'),
    ];
    const figures = analyzeFunnel(steps, events.reverse());
    expect(figures.totalEntries).toBe(5);
    expect(figures.stepConversions.map((s) => s.visitors)).toEqual([5, 3, 2]);
    expect(figures.stepConversions.map((s) => s.conversionRate)).toEqual([1, 0.6, 0.4]);
    // drop = 1 − 3/5 = 0.4, then 1 − 2/3 = 1/3
    expect(figures.stepConversions[0]?.dropOff).toBeNull();
    expect(figures.stepConversions[1]?.dropOff).toBeCloseTo(0.4, 10);
    expect(figures.stepConversions[2]?.dropOff).toBeCloseTo(1 / 3, 10);
    expect(figures.completionRate).toBe(0.4);
    // a: 61 000 − 1 000 = 60 s; b: 182 000 − 2 000 = 180 s (entered at its first pricing view) → 120 s
    expect(figures.averageTimeToConversion).toBe(120);
    expect(figures.stepConversions.map((s) => [s.stepId, s.stepName])).toEqual([
      ['s1', 'Landing'],
      ['s2', 'Buy click'],
      ['s3', 'Thanks'],
    ]);
  });

  it('gives zeros and no time to convert when nobody entered', () => {
    const figures = analyzeFunnel(steps, [view('a', 1, '/thank-you')]);
    expect(figures).toEqual({
      totalEntries: 0,
      completionRate: 0,
      averageTimeToConversion: null,
      stepConversions: [
        { stepId: 's1', stepName: 'Landing', visitors: 0, conversionRate: 0, dropOff: null },
        { stepId: 's2', stepName: 'Buy click', visitors: 0, conversionRate: 0, dropOff: null },
        { stepId: 's3', stepName: 'Thanks', visitors: 0, conversionRate: 0, dropOff: null },
      ],
    });
  });

  it('completes a one-step funnel on entry, in no time', () => {
    const figures = analyzeFunnel(
      [{ id: 's1', name: 'Landing', conditions: { path: '/pricing' } }],
      [view('a', 5, '/pricing'), view('b', 6, '/pricing')],
    );
    expect(figures).toMatchObject({ totalEntries: 2, completionRate: 1, averageTimeToConversion: 0 });
  });
});
