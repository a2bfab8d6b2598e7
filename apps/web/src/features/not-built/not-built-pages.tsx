import { NotBuilt } from '../../components/not-built';

/** Screens later releases build; each route shows its heading and says so. */
export const CampaignBuilderPage = () => <NotBuilt title="Create New Campaign" />;
export const NetworksPage = () => <NotBuilt title="Traffic Networks" />;
export const SourcesPage = () => <NotBuilt title="Traffic Sources" />;
export const CampaignsPage = () => <NotBuilt title="Campaigns" />;
export const LandingPagesPage = () => <NotBuilt title="Landing Pages" />;
export const LandingPageStatsPage = () => <NotBuilt title="Landing Page Statistics" />;
export const BillingPage = () => <NotBuilt title="Billing" />;
export const DebugPage = () => <NotBuilt title="Debug Tools" />;
export const AuthDebugPage = () => <NotBuilt title="Auth Debug" />;
export const DebugDatabasePage = () => <NotBuilt title="Database Debug" />;
export const NotFoundPage = () => <NotBuilt title="Page not found" />;
