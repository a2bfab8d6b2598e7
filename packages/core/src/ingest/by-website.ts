/** Items grouped by their website, in the order each website first appears. */
export function byWebsite<T extends { websiteId: string }>(items: Iterable<T>): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.websiteId);
    if (list) list.push(item);
    else groups.set(item.websiteId, [item]);
  }
  return groups;
}
