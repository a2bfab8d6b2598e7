/**
 * Valued goals that overlap (docs/definitions.md#valued-goals-that-overlap): two valued conversions
 * of different goals by one visitor at most this far apart are most likely one sale counted twice
 * (a thank-you page with a value and the purchase event of the same order).
 */
export const OVERLAP_WINDOW_MS = 30 * 60_000;
/** Website Config's warning reads this many days of conversions, the newest OVERLAP_SAMPLE of them at most. */
export const OVERLAP_LOOKBACK_DAYS = 90;
export const OVERLAP_SAMPLE = 20_000;

/** A stored conversion with a value above 0, as the overlap rule reads it. */
export interface ValuedConversion {
  id: string;
  /** The goal's id; the goal's name stands in when the conversion names no configured goal. */
  goalId: string | null;
  goalName: string;
  /** Who converted (the visitor id, scoped to the website when several are read); null never pairs. */
  visitor: string | null;
  ts: number;
}

const goalKey = (c: ValuedConversion) => c.goalId ?? `name:${c.goalName}`;
const byTime = (a: ValuedConversion, b: ValuedConversion) => a.ts - b.ts || a.id.localeCompare(b.id);

/**
 * The second conversion of each overlapping pair, mapped to the first. Per visitor, in time order,
 * each conversion pairs with the latest earlier one of another goal within the window that is not
 * paired yet; a conversion is in at most one pair, so a visitor who orders twice in half an hour
 * (purchase, thank-you, purchase, thank-you) makes two pairs, not three.
 */
export function overlapPairs(
  conversions: readonly ValuedConversion[],
  windowMs = OVERLAP_WINDOW_MS,
): Map<string, ValuedConversion> {
  const byVisitor = new Map<string, ValuedConversion[]>();
  for (const c of conversions) {
    if (c.visitor === null) continue;
    const list = byVisitor.get(c.visitor) ?? [];
    list.push(c);
    byVisitor.set(c.visitor, list);
  }
  const seconds = new Map<string, ValuedConversion>();
  for (const list of byVisitor.values()) {
    const paired = new Set<string>();
    const sorted = [...list].sort(byTime);
    for (const [i, c] of sorted.entries()) {
      for (let j = i - 1; j >= 0; j--) {
        const earlier = sorted[j] as ValuedConversion;
        if (c.ts - earlier.ts > windowMs) break;
        if (paired.has(earlier.id) || goalKey(earlier) === goalKey(c)) continue;
        paired.add(earlier.id).add(c.id);
        seconds.set(c.id, earlier);
        break;
      }
    }
  }
  return seconds;
}

export interface GoalRef {
  id: string | null;
  name: string;
}

/** Two goals whose valued conversions overlapped, and how many times. */
export interface GoalOverlapCount {
  goals: [GoalRef, GoalRef];
  pairs: number;
}

/** Whether a goal still gives its conversions a value: its own value, or the value each custom event brings. */
export function givesValue(goal: { type: string; value: number | null }): boolean {
  return (goal.value ?? 0) > 0 || goal.type === 'event';
}

/**
 * The goal pairs behind `overlapPairs`, most pairs first. `current(goal)` leaves out pairs with a
 * goal that no longer gives a value (its value removed to end the overlap) or no longer exists.
 */
export function overlappingGoals(
  conversions: readonly ValuedConversion[],
  current: (goal: GoalRef) => boolean = () => true,
  windowMs = OVERLAP_WINDOW_MS,
): GoalOverlapCount[] {
  const byId = new Map(conversions.map((c) => [c.id, c]));
  const counts = new Map<string, GoalOverlapCount>();
  for (const [id, first] of overlapPairs(conversions, windowMs)) {
    const second = byId.get(id) as ValuedConversion;
    const refs = [first, second]
      .map((c) => ({ id: c.goalId, name: c.goalName }))
      .sort((a, b) => a.name.localeCompare(b.name)) as [GoalRef, GoalRef];
    if (!current(refs[0]) || !current(refs[1])) continue;
    const key = refs.map((g) => g.id ?? `name:${g.name}`).join('|');
    const entry = counts.get(key) ?? { goals: refs, pairs: 0 };
    entry.pairs += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort(
    (a, b) => b.pairs - a.pairs || a.goals[0].name.localeCompare(b.goals[0].name),
  );
}
