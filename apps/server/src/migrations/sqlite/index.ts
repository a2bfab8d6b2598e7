import type { Migration } from 'kysely';
import * as auth from './0001-auth';
import * as websites from './0002-websites';
import * as events from './0003-events';
import * as attribution from './0004-attribution';
import * as campaignWorkspace from './0005-campaign-workspace';
import * as dashboard from './0006-dashboard';
import * as funnels from './0007-funnels';
import * as clusteredKeys from './0008-clustered-keys';
import * as deriveMark from './0009-derive-mark';
import * as creditCurrency from './0010-credit-currency';
import * as creditStorage from './0011-credit-storage';
import * as secondFactor from './0012-second-factor';
import * as apiTokens from './0013-api-tokens';
import * as shareLinks from './0014-share-links';
import * as organizationsBilling from './0015-organizations-billing';
import * as organizationInvitations from './0016-organization-invitations';
import * as privacy from './0017-privacy';
import * as websiteTimezone from './0018-website-timezone';
import * as rollupTimeZone from './0019-rollup-time-zone';
import * as storedAddresses from './0020-stored-addresses';
import * as retentionErasures from './0021-retention-erasures';
import * as adCost from './0022-ad-cost';
import * as consentRollups from './0024-consent-rollups';
import * as erasureLogReference from './0025-erasure-log-reference';
import * as eventScreen from './0026-event-screen';
import * as breakdownRollups from './0027-breakdown-rollups';
import * as breakdownIndexes from './0028-breakdown-indexes';
import * as eventPlace from './0032-event-place';
import * as sessionRollups from './0033-session-rollups';
import * as valueSeenDays from './0034-value-seen-days';
import * as addressCutCursor from './0035-address-cut-cursor';
import * as exitPages from './0036-exit-pages';
import * as sessionDays from './0037-session-days';
import * as clickHouseCommits from './0038-clickhouse-commits';
import * as pendingCommitStart from './0039-pending-commit-start';
import * as clickHouseMirror from './0040-clickhouse-mirror';
import * as valueSeenDaysByStatement from './0041-value-seen-days-by-statement';
import * as organizationHome from './0042-organization-home';
import * as apiTokenRevocation from './0043-api-token-revocation';
import * as testEvents from './0044-test-events';
import * as unreadIndexes from './0045-unread-indexes';

/** Append-only; the key's numeric prefix orders them. */
export const migrations: Record<string, Migration> = {
  '0001-auth': auth,
  '0002-websites': websites,
  '0003-events': events,
  '0004-attribution': attribution,
  '0005-campaign-workspace': campaignWorkspace,
  '0006-dashboard': dashboard,
  '0007-funnels': funnels,
  '0008-clustered-keys': clusteredKeys,
  '0009-derive-mark': deriveMark,
  '0010-credit-currency': creditCurrency,
  '0011-credit-storage': creditStorage,
  '0012-second-factor': secondFactor,
  '0013-api-tokens': apiTokens,
  '0014-share-links': shareLinks,
  '0015-organizations-billing': organizationsBilling,
  '0016-organization-invitations': organizationInvitations,
  '0017-privacy': privacy,
  '0018-website-timezone': websiteTimezone,
  '0019-rollup-time-zone': rollupTimeZone,
  '0020-stored-addresses': storedAddresses,
  '0021-retention-erasures': retentionErasures,
  '0022-ad-cost': adCost,
  '0024-consent-rollups': consentRollups,
  '0025-erasure-log-reference': erasureLogReference,
  '0026-event-screen': eventScreen,
  '0027-breakdown-rollups': breakdownRollups,
  '0028-breakdown-indexes': breakdownIndexes,
  '0032-event-place': eventPlace,
  '0033-session-rollups': sessionRollups,
  '0034-value-seen-days': valueSeenDays,
  '0035-address-cut-cursor': addressCutCursor,
  '0036-exit-pages': exitPages,
  '0037-session-days': sessionDays,
  '0038-clickhouse-commits': clickHouseCommits,
  '0039-pending-commit-start': pendingCommitStart,
  '0040-clickhouse-mirror': clickHouseMirror,
  '0041-value-seen-days-by-statement': valueSeenDaysByStatement,
  '0042-organization-home': organizationHome,
  '0043-api-token-revocation': apiTokenRevocation,
  '0044-test-events': testEvents,
  '0045-unread-indexes': unreadIndexes,
};
