import { NotBuilt } from '../../components/not-built';

/** Screens later releases build; each route shows its heading and says so. */
export const BillingPage = () => <NotBuilt title="Billing" />;
