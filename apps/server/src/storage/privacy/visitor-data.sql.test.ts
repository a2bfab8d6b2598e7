import { dialects } from '../../test/test-database';
import { sqlStores } from './privacy-contract.fixture';
import { describeVisitorDataContract } from './visitor-data.contract';
import { SqlVisitorDataRepository } from './visitor-data.sql';

for (const dialect of dialects)
  describeVisitorDataContract(dialect, async () => {
    const stores = await sqlStores(dialect);
    return {
      ...stores,
      repository: new SqlVisitorDataRepository(stores.database.db, stores.database.dialect),
    };
  });
