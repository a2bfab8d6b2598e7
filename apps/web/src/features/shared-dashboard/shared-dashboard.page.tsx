import { Alert, Anchor, Box, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { SharedWebsite } from '@ocx/contracts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSharedDashboard, useSharedWebsite } from '../../api/queries/use-share-links';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { Logo } from '../../components/logo';
import {
  type DashboardRangeOption,
  DEFAULT_DASHBOARD_RANGE,
  dashboardRangeOptions,
  isDashboardRange,
} from '../dashboard/dashboard-format';
import { TrafficPanels } from '../dashboard/traffic-panels';
import { SharePasswordForm } from './share-password-form';

/** /share/:token — one website's dashboard, read-only, for anyone with the link (no account). */
export default function SharedDashboardPage() {
  const { token = '' } = useParams();
  const website = useSharedWebsite(token);
  // The password's proof lives in memory only: a reload asks for the password again.
  const [access, setAccess] = useState('');

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

function SharedDashboard({
  token,
  website,
  access,
}: {
  token: string;
  website: SharedWebsite;
  access: string;
}) {
  const [range, setRange] = useState<DashboardRangeOption>(DEFAULT_DASHBOARD_RANGE);
  const dashboard = useSharedDashboard(token, range, access, true);
  const data = dashboard.data;
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
          <TrafficPanels data={data} />
        </Stack>
      ) : null}
    </Stack>
  );
}
