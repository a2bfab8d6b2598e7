import { type FollowingUtmKey, followedUtm, UTM_FOLLOWS, type UtmBasis } from '@ocx/core';

export const FOLLOWING_UTM_KEYS = Object.keys(UTM_FOLLOWS) as FollowingUtmKey[];

type UtmValues = Partial<Record<FollowingUtmKey | 'term' | 'content', string>>;

/**
 * The UTM tags after the campaign's name, network or source changed: each of `keys` that nobody
 * typed takes the value it follows (docs/definitions.md#the-campaign-link); typed ones stay as typed.
 */
export function followUtm<T extends UtmValues>(
  utm: T,
  typed: readonly FollowingUtmKey[],
  basis: UtmBasis,
  keys: readonly FollowingUtmKey[] = FOLLOWING_UTM_KEYS,
): T {
  const followed = followedUtm(basis);
  const next = { ...utm };
  for (const key of keys) if (!typed.includes(key)) next[key] = followed[key] as T[typeof key];
  return next;
}

/**
 * A saved campaign's tags that someone set by hand: those that differ from what they would follow,
 * so editing its name or source never overwrites them.
 */
export function typedUtmKeys(utm: UtmValues, basis: UtmBasis): FollowingUtmKey[] {
  const followed = followedUtm(basis);
  return FOLLOWING_UTM_KEYS.filter((key) => (utm[key] ?? '') !== followed[key]);
}
