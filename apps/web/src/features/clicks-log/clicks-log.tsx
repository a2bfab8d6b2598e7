import type { Website } from '@ocx/contracts';
import { useMemo } from 'react';
import { useClicksLog } from '../../api/queries/use-clicks-log';
import { useLogFacets } from '../../api/queries/use-log-facets';
import { campaignOptions, type FilterSelect, valueOptions } from '../../components/logs/filter-options';
import { LogScreen } from '../../components/logs/log-screen';
import { useLogState } from '../../components/logs/use-log-state';
import { zoneLabel } from '../../components/time-zone';
import { useWebsiteZones } from '../../components/websites/use-website-zones';
import { ClicksTable } from './clicks-table';

/**
 * The Clicks Log of one website, or of all the user's websites (`websiteId` 'all', Your Click
 * Activity), paged and filtered on the server.
 */
export function ClicksLog({
  websiteId,
  title,
  subtitle,
  websites,
}: {
  websiteId: string;
  title: string;
  subtitle?: string;
  /** Given for all websites: adds the Website column. */
  websites?: Website[];
}) {
  const zoneOf = useWebsiteZones();
  const log = useLogState('clicks', websiteId, websites ? undefined : zoneOf(websiteId));
  const clicks = useClicksLog(log.pageQuery);
  const facets = useLogFacets('clicks', websiteId, log.state.range);
  const selects = useMemo<FilterSelect[]>(
    () => [
      { key: 'campaign', label: 'Campaign', options: campaignOptions(facets.data?.campaigns ?? []) },
      { key: 'source', label: 'Source', options: valueOptions(facets.data?.sources ?? []) },
      { key: 'medium', label: 'Medium', options: valueOptions(facets.data?.mediums ?? []) },
    ],
    [facets.data],
  );
  const websiteNames = useMemo(
    () => (websites ? new Map(websites.map((w) => [w.id, w.name])) : undefined),
    [websites],
  );
  // Dates typed in the filters and the rows' times are the website's local ones (docs/definitions.md#time-zone).
  const zone = websites ? "times in each website's time zone" : `times in ${zoneLabel(zoneOf(websiteId))}`;
  return (
    <LogScreen
      kind="clicks"
      title={title}
      subtitle={[subtitle, zone].filter(Boolean).join(' · ')}
      log={log}
      rows={clicks}
      selects={selects}
    >
      {(rows) => <ClicksTable clicks={rows} websiteNames={websiteNames} />}
    </LogScreen>
  );
}
