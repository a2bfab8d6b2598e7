import { useCallback } from 'react';
import { useWebsites } from '../../api/queries/use-websites';

/** Each website's time zone by id (a row's times are shown in its website's zone); UTC for one not listed. */
export function useWebsiteZones(): (websiteId: string) => string {
  const websites = useWebsites().data;
  return useCallback(
    (websiteId: string) => websites?.find((w) => w.id === websiteId)?.timezone ?? 'UTC',
    [websites],
  );
}
