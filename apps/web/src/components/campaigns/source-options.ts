import type { Network, TrafficSource } from '@ocx/contracts';

/** A network's own sources when it lists some, otherwise every source; the current choice stays listed. */
export function sourceOptions(
  network: Network | undefined,
  sources: TrafficSource[],
  current = '',
): string[] {
  const names = network && network.sources.length > 0 ? [...network.sources] : sources.map((s) => s.name);
  if (current && !names.includes(current)) names.push(current);
  return names;
}
