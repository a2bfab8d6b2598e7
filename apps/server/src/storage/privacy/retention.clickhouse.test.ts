import { clickHouseStores } from './privacy-contract.fixture';
import { ClickHouseRetentionRepository } from './retention.clickhouse';
import { describeRetentionContract } from './retention.contract';

describeRetentionContract('clickhouse + sqlite', async () => {
  const stores = await clickHouseStores();
  return { ...stores, repository: new ClickHouseRetentionRepository(stores.database.db, stores.clickhouse) };
});
