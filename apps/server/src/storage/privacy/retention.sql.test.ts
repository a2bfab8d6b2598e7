import { dialects } from '../../test/test-database';
import { sqlStores } from './privacy-contract.fixture';
import { describeRetentionContract } from './retention.contract';
import { SqlRetentionRepository } from './retention.sql';

for (const dialect of dialects)
  describeRetentionContract(dialect, async () => {
    const stores = await sqlStores(dialect);
    return { ...stores, repository: new SqlRetentionRepository(stores.database.db) };
  });
