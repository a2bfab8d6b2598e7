import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { SecondFactorCard } from './second-factor-card';

/** The signed-in user's own account: reached from the user menu. */
export default function ProfilePage() {
  return (
    <Stack maw={720}>
      <PageHeader title="Profile" subtitle="Your account, its security and where you are signed in" />
      <SecondFactorCard />
    </Stack>
  );
}
