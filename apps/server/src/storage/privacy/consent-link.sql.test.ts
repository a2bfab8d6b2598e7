import { dialects } from '../../test/test-database';
import { describeConsentLinkContract } from './consent-link.contract';
import { SqlConsentLinkRepository } from './consent-link.sql';
import { sqlStores } from './privacy-contract.fixture';

for (const dialect of dialects)
  describeConsentLinkContract(dialect, async () => {
    const stores = await sqlStores(dialect);
    return {
      ...stores,
      repository: new SqlConsentLinkRepository(stores.database.db, stores.database.dialect),
    };
  });
