import type { CollectEvent } from '@ocx/contracts';
import { now } from './ids';
import { store } from './storage';

/** A queued event (its `ts` is when it was made): `n` tries so far, `t` earliest next try (ms epoch). */
export interface Entry {
  e: CollectEvent & { ts: number };
  n: number;
  t: number;
}

const KEY = '_ocx_q';

/** The queue (localStorage `_ocx_q`), without events made over 7 days ago: those are given up. */
export const readQueue = (): Entry[] => {
  try {
    return (JSON.parse(store(KEY) as string) as Entry[]).filter((x) => now() - x.e.ts < 6048e5);
  } catch {
    return [];
  }
};

/** Keeps the last 1,000 events, giving up on those tried 10 times (a try counts as it starts: the 10th leaves). */
export const writeQueue = (q: Entry[]): void => {
  store(KEY, JSON.stringify(q.filter((x) => x.n < 10).slice(-1000)));
};

/** Wait after `n` tries before the next one: 2^n seconds, at most 5 minutes. */
export const backoff = (n: number): number => Math.min(1e3 * 2 ** n, 3e5);
