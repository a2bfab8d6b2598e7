import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useDatabaseDebug } from '../../api/queries/use-database-debug';
import { formatDateTime } from '../../components/date-format';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { BacklogCard, DatabaseCard, ServerCard } from './database-status';
import { MigrationsCard, RowCountsCard } from './database-tables';

/**
 * Database debug (lazy): whether the database answers and the user's own row counts, never SQL
 * from the browser; the server's health, migrations and backlogs for its operators only.
 */
export default function DebugDatabasePage() {
  const report = useDatabaseDebug();
  return (
    <>
      <PageHeader
        title={screenTitle('/debug-database')}
        subtitle="The database this server uses, measured now. Counts cover your own websites only."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => report.refetch()}
            loading={report.isFetching}
          >
            Refresh
          </Button>
        }
      />
      {report.isPending ? (
        <SectionLoader label="Checking the database..." />
      ) : report.error ? (
        <ErrorPanel message="Failed to load the database report" detail={report.error.message} />
      ) : (
        <Stack gap="lg" maw={1200}>
          {report.data.server ? (
            <>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <ServerCard server={report.data.server} reachable={report.data.reachable} />
                <BacklogCard server={report.data.server} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <RowCountsCard counts={report.data.rowCounts} />
                <MigrationsCard migrations={report.data.server.migrations} />
              </SimpleGrid>
            </>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
              <DatabaseCard reachable={report.data.reachable} />
              <RowCountsCard counts={report.data.rowCounts} />
            </SimpleGrid>
          )}
          <Text size="xs" c="dimmed">
            Checked {formatDateTime(report.data.checkedAt)}
          </Text>
        </Stack>
      )}
    </>
  );
}
