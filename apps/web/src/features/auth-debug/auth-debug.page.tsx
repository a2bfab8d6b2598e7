import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAuthDebug } from '../../api/queries/use-auth-debug';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { FactorsCard, MailCard, ProvidersCard, SessionCard } from './auth-diagnostics';
import { SignInTestForm } from './sign-in-test-form';

/** Auth Debug (spec §2): sign-in tests and diagnostics of the signed-in user's own auth state. */
export default function AuthDebugPage() {
  const report = useAuthDebug();
  return (
    <>
      <PageHeader
        title={screenTitle('/auth-debug')}
        subtitle="Sign-in tests and diagnostics"
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
      <Stack gap="lg" maw={1200}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SignInTestForm />
          {report.isPending ? (
            <SectionLoader label="Loading diagnostics..." />
          ) : report.error ? (
            <ErrorPanel message="Failed to load the auth diagnostics" detail={report.error.message} />
          ) : (
            <SessionCard report={report.data} />
          )}
        </SimpleGrid>
        {report.data ? (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <FactorsCard factors={report.data.factors} />
            <ProvidersCard report={report.data} />
            <MailCard report={report.data} />
          </SimpleGrid>
        ) : null}
      </Stack>
    </>
  );
}
