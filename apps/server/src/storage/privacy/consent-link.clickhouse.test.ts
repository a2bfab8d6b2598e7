import { ClickHouseConsentLinkRepository } from './consent-link.clickhouse';
import { describeConsentLinkContract } from './consent-link.contract';
import { clickHouseStores } from './privacy-contract.fixture';

describeConsentLinkContract('clickhouse + sqlite', async () => {
  const { database, ...stores } = await clickHouseStores();
  return {
    ...stores,
    database,
    repository: new ClickHouseConsentLinkRepository(database.db, database.dialect, stores.clickhouse),
  };
});
