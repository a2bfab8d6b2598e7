import { describe, expect, it } from 'vitest';
import {
  givesValue,
  OVERLAP_WINDOW_MS,
  overlapPairs,
  overlappingGoals,
  type ValuedConversion,
} from './goal-overlap';

const MIN = 60_000;
const purchase = (id: string, visitor: string | null, ts: number): ValuedConversion => ({
  id,
  goalId: 'g-purchase',
  goalName: 'Purchase',
  visitor,
  ts,
});
const thanks = (id: string, visitor: string | null, ts: number): ValuedConversion => ({
  id,
  goalId: 'g-thanks',
  goalName: 'Thank you page',
  visitor,
  ts,
});
const seconds = (conversions: ValuedConversion[]) =>
  Object.fromEntries([...overlapPairs(conversions)].map(([id, first]) => [id, first.id]));

describe('valued goals that overlap', () => {
  it('pairs the thank-you page seen seconds after the purchase event: the later one counts twice', () => {
    expect(seconds([thanks('t1', 'v1', 3000), purchase('p1', 'v1', 1000)])).toEqual({ t1: 'p1' });
  });

  it('pairs only within the window, one visitor at a time, and never a visitor-less conversion', () => {
    expect(seconds([purchase('p1', 'v1', 0), thanks('t1', 'v1', OVERLAP_WINDOW_MS)])).toEqual({ t1: 'p1' });
    expect(seconds([purchase('p1', 'v1', 0), thanks('t1', 'v1', OVERLAP_WINDOW_MS + 1)])).toEqual({});
    expect(seconds([purchase('p1', 'v1', 0), thanks('t1', 'v2', 1000)])).toEqual({});
    expect(seconds([purchase('p1', null, 0), thanks('t1', null, 1000)])).toEqual({});
  });

  it('never pairs two conversions of one goal: two orders are two sales', () => {
    expect(seconds([purchase('p1', 'v1', 0), purchase('p2', 'v1', 5 * MIN)])).toEqual({});
  });

  it('puts each conversion in one pair at most: two orders in half an hour make two pairs', () => {
    const visit = [
      purchase('p1', 'v1', 0),
      thanks('t1', 'v1', 1000),
      purchase('p2', 'v1', 10 * MIN),
      thanks('t2', 'v1', 10 * MIN + 1000),
    ];
    expect(seconds(visit)).toEqual({ t1: 'p1', t2: 'p2' });
  });

  it('breaks a tie in time by id, so the answer never depends on the order rows were read in', () => {
    const a = [thanks('b', 'v1', 1000), purchase('a', 'v1', 1000)];
    expect(seconds(a)).toEqual(seconds([...a].reverse()));
    expect(seconds(a)).toEqual({ b: 'a' });
  });

  it('counts the pairs per goal pair, most first, and names both goals', () => {
    const newsletter: ValuedConversion = {
      id: 'n1',
      goalId: 'g-news',
      goalName: 'Newsletter',
      visitor: 'v3',
      ts: 0,
    };
    const conversions = [
      purchase('p1', 'v1', 0),
      thanks('t1', 'v1', 1000),
      purchase('p2', 'v2', 0),
      thanks('t2', 'v2', 2000),
      newsletter,
      purchase('p3', 'v3', MIN),
    ];
    expect(overlappingGoals(conversions)).toEqual([
      {
        goals: [
          { id: 'g-purchase', name: 'Purchase' },
          { id: 'g-thanks', name: 'Thank you page' },
        ],
        pairs: 2,
      },
      {
        goals: [
          { id: 'g-news', name: 'Newsletter' },
          { id: 'g-purchase', name: 'Purchase' },
        ],
        pairs: 1,
      },
    ]);
  });

  it('leaves out pairs of a goal that no longer gives a value: removing it ends the warning', () => {
    const conversions = [purchase('p1', 'v1', 0), thanks('t1', 'v1', 1000)];
    expect(overlappingGoals(conversions, (goal) => goal.id !== 'g-thanks')).toEqual([]);
    expect(overlappingGoals(conversions, () => true)).toHaveLength(1);
  });

  it('counts a goal as giving a value when it has one, or when it is an event goal (the event brings one)', () => {
    expect(givesValue({ type: 'pageview', value: 25 })).toBe(true);
    expect(givesValue({ type: 'pageview', value: null })).toBe(false);
    expect(givesValue({ type: 'click', value: 0 })).toBe(false);
    expect(givesValue({ type: 'event', value: null })).toBe(true);
  });
});
