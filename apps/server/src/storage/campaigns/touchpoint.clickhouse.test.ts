import { clickhouseStorage } from '../../test/credited-site.fixture';
import { ClickHouseTouchpointRepository } from './touchpoint.clickhouse';
import { describeTouchpointContract } from './touchpoint.contract';

// The clicks and credits read from ClickHouse's copies (chDB behind its HTTP front), SQLite beside it.
describeTouchpointContract('clickhouse + sqlite', async () => {
  const storage = await clickhouseStorage();
  if (!storage.clickhouse) throw new Error('clickhouseStorage opens ClickHouse');
  return {
    storage,
    touchpoints: new ClickHouseTouchpointRepository(storage.database.db, storage.clickhouse),
  };
});
