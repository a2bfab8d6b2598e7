import { Alert, Box } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import {
  NO_ORGANIZATION,
  OrganizationSelect,
  useOrganizationChoice,
} from '../../components/organizations/organization-choice';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { MembersCard } from './members-card';

const TITLE = screenTitle('/team');

/** Settings → Team: who shares the organization's websites, their roles, and the invitations out. */
export default function TeamPage() {
  const { organizations, list, organization, choose } = useOrganizationChoice();
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="The people who see your websites, and what each may change"
        actions={<OrganizationSelect list={list} value={organization?.id ?? null} onChange={choose} />}
      />
      {organizations.isPending ? (
        <SectionLoader label="Loading members..." />
      ) : organizations.error ? (
        <ErrorPanel message={messages.common.unexpected} detail={organizations.error.message} />
      ) : !organization ? (
        <Alert color="red" variant="light" role="alert">
          {NO_ORGANIZATION}
        </Alert>
      ) : (
        <Box maw={880}>
          <MembersCard key={organization.id} organization={organization} />
        </Box>
      )}
    </>
  );
}
