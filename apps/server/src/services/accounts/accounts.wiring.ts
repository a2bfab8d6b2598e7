import type { BillingService } from '../billing/billing.service';
import type { WebsiteService } from '../websites/website.service';
import type { Wiring } from '../wiring';
import { AccountService } from './account.service';
import { ApiTokenService } from './api-token.service';
import { InvitationService } from './invitation.service';
import type { Mailer } from './mailer';
import { OrganizationService } from './organization.service';
import { OutboxService } from './outbox.service';

/** Organizations and their invitations: the first services, as websites go into organizations. */
export function wireOrganizations({ repositories, config, access, infra }: Wiring, mailer: Mailer) {
  return {
    organizations: new OrganizationService(repositories.organizations, {
      access,
      billingEnabled: config.billing !== null,
    }),
    invitations: new InvitationService(repositories.invitations, {
      access,
      organizations: repositories.organizations,
      mailer,
      publicUrl: config.publicUrl,
      limits: infra.limits,
    }),
  };
}

/** The signed-in user's own account (sessions, deletion, dev outbox) and personal access tokens. */
export function wireAccounts(
  { repositories }: Wiring,
  deps: { websites: WebsiteService; billing: BillingService; mailer: Mailer },
) {
  return {
    accounts: new AccountService(repositories.accounts, deps.websites, deps.billing),
    apiTokens: new ApiTokenService(repositories.apiTokens),
    outbox: new OutboxService(deps.mailer),
  };
}
