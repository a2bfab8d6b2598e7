import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { AccountCard } from './account-card';
import { ApiTokensCard } from './api-tokens-card';
import { ConnectedAccountsCard } from './connected-accounts-card';
import { DeleteAccountCard } from './delete-account-card';
import { SecondFactorCard } from './second-factor-card';
import { SessionsCard } from './sessions-card';

/** The signed-in user's own account: reached from the user menu. */
export default function ProfilePage() {
  return (
    <Stack maw={760}>
      <PageHeader
        title={screenTitle('/profile')}
        subtitle="Your account, its security and where you are signed in"
      />
      <AccountCard />
      <ConnectedAccountsCard />
      <SecondFactorCard />
      <SessionsCard />
      <ApiTokensCard />
      <DeleteAccountCard />
    </Stack>
  );
}
