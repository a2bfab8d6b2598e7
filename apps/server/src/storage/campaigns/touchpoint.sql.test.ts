import { sqlStorage } from '../../test/credited-site.fixture';
import { dialects } from '../../test/test-database';
import { describeTouchpointContract } from './touchpoint.contract';
import { SqlTouchpointRepository } from './touchpoint.sql';

for (const dialect of dialects) {
  describeTouchpointContract(dialect, async () => {
    const storage = await sqlStorage(dialect);
    return { storage, touchpoints: new SqlTouchpointRepository(storage.database.db) };
  });
}
