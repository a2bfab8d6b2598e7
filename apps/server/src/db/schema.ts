import type { AccountTables } from './schema/accounts.schema';
import type { AttributionTables } from './schema/attribution.schema';
import type { CampaignTables } from './schema/campaigns.schema';
import type { CostTables } from './schema/costs.schema';
import type { DashboardTables } from './schema/dashboard.schema';
import type { EventTables } from './schema/events.schema';
import type { FunnelTables } from './schema/funnels.schema';
import type { IntegrationTables } from './schema/integrations.schema';
import type { PrivacyTables } from './schema/privacy.schema';
import type { ShareTables } from './schema/shares.schema';
import type { WebsiteTables } from './schema/websites.schema';

export type * from './schema/accounts.schema';
export type * from './schema/attribution.schema';
export type * from './schema/campaigns.schema';
export type * from './schema/column-types';
export type * from './schema/costs.schema';
export type * from './schema/dashboard.schema';
export type * from './schema/events.schema';
export type * from './schema/funnels.schema';
export type * from './schema/integrations.schema';
export type * from './schema/privacy.schema';
export type * from './schema/shares.schema';
export type * from './schema/websites.schema';

/** Every table Kysely knows, each domain's declared in db/schema/<domain>.schema.ts. */
export interface DB
  extends AccountTables,
    WebsiteTables,
    CampaignTables,
    EventTables,
    AttributionTables,
    IntegrationTables,
    DashboardTables,
    FunnelTables,
    PrivacyTables,
    ShareTables,
    CostTables {}
