import { clickHouseStores } from './privacy-contract.fixture';
import { ClickHouseVisitorDataRepository } from './visitor-data.clickhouse';
import { describeVisitorDataContract } from './visitor-data.contract';

describeVisitorDataContract('clickhouse + sqlite', async () => {
  const stores = await clickHouseStores();
  const { db, dialect } = stores.database;
  return { ...stores, repository: new ClickHouseVisitorDataRepository(db, dialect, stores.clickhouse) };
});
