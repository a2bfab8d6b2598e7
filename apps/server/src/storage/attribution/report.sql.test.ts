import { sqlStorage } from '../../test/credited-site.fixture';
import { dialects } from '../../test/test-database';
import { describeReportContract } from './report.contract';
import { SqlReportRepository } from './report.sql';

for (const dialect of dialects) {
  describeReportContract(dialect, async () => {
    const storage = await sqlStorage(dialect);
    return { storage, reports: new SqlReportRepository(storage.database.db) };
  });
}
