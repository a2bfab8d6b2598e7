import { clickhouseStorage } from '../../test/credited-site.fixture';
import { ClickHouseReportRepository } from './report.clickhouse';
import { describeReportContract } from './report.contract';

// The clicks and credits read from ClickHouse's copies (chDB behind its HTTP front), SQLite beside it.
describeReportContract('clickhouse + sqlite', async () => {
  const storage = await clickhouseStorage();
  if (!storage.clickhouse) throw new Error('clickhouseStorage opens ClickHouse');
  return { storage, reports: new ClickHouseReportRepository(storage.database.db, storage.clickhouse) };
});
