import type { Website } from '@ocx/contracts';
import { useMemo } from 'react';
import { useConversionsLog } from '../../api/queries/use-conversions-log';
import { useLogFacets } from '../../api/queries/use-log-facets';
import { campaignOptions, type FilterSelect, valueOptions } from '../../components/logs/filter-options';
import { LogScreen } from '../../components/logs/log-screen';
import { useLogState } from '../../components/logs/use-log-state';
import { zoneLabel } from '../../components/time-zone';
import { ConversionsTable } from './conversions-table';

/** The Conversions Log of one website: the Clicks Log's pattern with a Goal filter. */
export function ConversionsLog({ website, title }: { website: Website; title: string }) {
  const log = useLogState('conversions', website.id, website.timezone);
  const conversions = useConversionsLog(log.pageQuery);
  const facets = useLogFacets('conversions', website.id, log.state.range);
  const selects = useMemo<FilterSelect[]>(
    () => [
      { key: 'campaign', label: 'Campaign', options: campaignOptions(facets.data?.campaigns ?? []) },
      { key: 'goal', label: 'Goal', options: valueOptions(facets.data?.goals ?? []) },
    ],
    [facets.data],
  );
  return (
    <LogScreen
      kind="conversions"
      title={title}
      subtitle={`${website.name} · times in ${zoneLabel(website.timezone)}`}
      log={log}
      rows={conversions}
      selects={selects}
    >
      {(rows) => <ConversionsTable conversions={rows} model={website.attribution.model} />}
    </LogScreen>
  );
}
