import type { RecentEvent } from '@ocx/core';
import { useEffect, useMemo, useRef } from 'react';
import { useCampaigns } from '../../api/queries/use-campaigns';

/**
 * Campaign names by id for the events on screen. A campaign made after the list was read (its
 * first event arrives live) makes the list be read again, once per unknown id.
 */
export function useCampaignNames(websiteId: string, events: RecentEvent[] | undefined): Map<string, string> {
  const campaigns = useCampaigns(websiteId);
  const names = useMemo(
    () => new Map((campaigns.data ?? []).map((c) => [c.id, c.name] as const)),
    [campaigns.data],
  );
  const asked = useRef(new Set<string>());
  const { isFetching, refetch } = campaigns;

  useEffect(() => {
    if (!events || isFetching) return;
    const unknown = events
      .map((e) => e.campaignId)
      .filter((id): id is string => id !== null && !names.has(id) && !asked.current.has(id));
    if (unknown.length === 0) return;
    for (const id of unknown) asked.current.add(id);
    void refetch();
  }, [events, names, isFetching, refetch]);

  return names;
}
