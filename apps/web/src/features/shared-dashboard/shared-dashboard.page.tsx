import { Alert, Anchor, Box, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { messages, type SharedWebsite } from '@ocx/contracts';
import { IconEye } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { BreakdownSource } from '../../api/breakdown.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { useSharedDashboard, useSharedWebsite } from '../../api/queries/use-share-links';
import { shareApi } from '../../api/share.api';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { Logo } from '../../components/logo';
import { useDocumentTitle } from '../../components/use-document-title';
import { WhenNearView } from '../../components/when-near-view';
import { FilterChips, useDashboardFilters, useDashboardRange } from '../dashboard/dashboard-filters';
import { dashboardRangeOptions, isDashboardRange } from '../dashboard/dashboard-format';
import { TrafficPanels } from '../dashboard/traffic-panels';
import { SharePasswordForm } from './share-password-form';

const BreakdownPanels = lazy(() => import('../dashboard/breakdown-panels'));

/** /share/:token — one website's dashboard, read-only, for anyone with the link (no account). */
export default function SharedDashboardPage() {
  const { token = '' } = useParams();
  const website = useSharedWebsite(token);
  // The password's proof lives in memory only: a reload asks for the password again.
  const [access, setAccess] = useState('');
  const notValid = isUnknownLink(website.error);
  useDocumentTitle(notValid ? 'Link not valid' : 'Shared dashboard', website.data?.websiteName);

  return (
    <Box className="ocx-page-bg" mih="100vh">
      <Container size={1400} py="lg">
        <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
          <Logo />
          <Group gap={6} c="dimmed">
            <IconEye size={16} />
            <Text size="sm">Read-only shared dashboard</Text>
          </Group>
        </Group>
        {website.isPending ? (
          <SectionLoader label="Loading analytics data..." />
        ) : notValid ? (
          <LinkNotValid />
        ) : website.error ? (
          <ErrorPanel message={website.error.message} />
        ) : website.data.passwordProtected && !access ? (
          <SharePasswordForm token={token} website={website.data} onUnlocked={setAccess} />
        ) : (
          <SharedDashboard token={token} website={website.data} access={access} />
        )}
      </Container>
    </Box>
  );
}

/** The server knows no such link (never made, revoked, or mistyped): reloading would not help. */
const isUnknownLink = (error: Error | null) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

function LinkNotValid() {
  return (
    <Alert color="red" variant="light" title="This link is not valid" role="alert" maw={640}>
      <Stack gap={4}>
        <Text size="sm">{messages.shares.notFound}</Text>
        <Text size="sm">Ask the person who shared it for a new link.</Text>
      </Stack>
    </Alert>
  );
}

function SharedDashboard({
  token,
  website,
  access,
}: {
  token: string;
  website: SharedWebsite;
  access: string;
}) {
  const [range, setRange] = useDashboardRange();
  // The same filters as the signed-in dashboard, kept in the shared address too.
  const { filters, add: addFilter, remove: removeFilter, labelOf } = useDashboardFilters();
  const dashboard = useSharedDashboard(token, range, filters, access, true);
  const breakdowns = useMemo<BreakdownSource>(
    () => ({
      key: queryKeys.shared.breakdowns(token, access),
      get: (params) => shareApi.breakdown(token, params, access),
    }),
    [token, access],
  );
  const data = dashboard.data;
  // Top Referrers and Traffic Source Distribution read the breakdowns' rows (one object: the panels are memoized).
  const panelBreakdowns = useMemo(
    () => ({ source: breakdowns, range, filters }),
    [breakdowns, range, filters],
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {website.websiteName}
          </Title>
          <Anchor href={`https://${website.rootDomain}`} target="_blank" rel="noopener noreferrer" size="sm">
            {website.rootDomain}
          </Anchor>
        </Stack>
        <SegmentedControl
          aria-label="Time range"
          value={range}
          onChange={(v) => isDashboardRange(v) && setRange(v)}
          data={dashboardRangeOptions.map((o) => ({ value: o.value, label: o.label }))}
        />
      </Group>
      <FilterChips filters={filters} labelOf={labelOf} onRemove={removeFilter} />
      {dashboard.isPending ? (
        <SectionLoader label="Loading analytics data..." />
      ) : dashboard.error && !data ? (
        <ErrorPanel message={`Failed to update analytics: ${dashboard.error.message}`} />
      ) : data ? (
        <Stack gap="lg" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1 }}>
          {dashboard.error ? (
            <Alert color="red" variant="light" role="alert">
              Failed to update analytics: {dashboard.error.message}
            </Alert>
          ) : null}
          <TrafficPanels data={data} breakdowns={panelBreakdowns} onFilter={addFilter} />
          <WhenNearView testId="breakdowns" placeholderHeight={1200}>
            <Suspense fallback={<SectionLoader label="Loading breakdowns..." />}>
              <BreakdownPanels source={breakdowns} range={range} filters={filters} onFilter={addFilter} />
            </Suspense>
          </WhenNearView>
        </Stack>
      ) : null}
    </Stack>
  );
}
