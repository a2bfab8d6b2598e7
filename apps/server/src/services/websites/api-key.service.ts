import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiKey, NewApiKeyResult } from '@ocx/contracts';
import { NotFoundError } from '../../errors';
import type { ApiKeyRepository } from '../../storage/websites/api-key.repository';
import type { Access, CurrentUser } from '../platform/access';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');

/** Website API keys: only a SHA-256 of the secret is kept; the key is shown once, at creation. */
export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly access: Access,
  ) {}

  async create(user: CurrentUser, websiteId: string, name: string): Promise<NewApiKeyResult> {
    await this.access.website(user, websiteId, 'write');
    const key = `ocx_${randomBytes(24).toString('base64url')}`;
    const row = {
      id: randomUUID(),
      website_id: websiteId,
      name: name || 'API key',
      prefix: key.slice(0, 12),
      key_hash: hash(key),
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.keys.insert(row);
    return { id: row.id, key, name: row.name, prefix: row.prefix, createdAt: row.created_at };
  }

  async list(user: CurrentUser, websiteId: string): Promise<ApiKey[]> {
    await this.access.website(user, websiteId, 'read');
    return this.keys.listActive(websiteId);
  }

  async revoke(user: CurrentUser, websiteId: string, keyId: string): Promise<void> {
    await this.access.website(user, websiteId, 'write');
    if (!(await this.keys.revoke(websiteId, keyId, new Date().toISOString())))
      throw new NotFoundError('API key not found');
  }

  /** The website a bearer key belongs to, or null for a wrong or revoked key. */
  async authenticate(key: string): Promise<string | null> {
    const row = await this.keys.findActiveByHash(hash(key));
    if (!row) return null;
    await this.keys.touch(row.id, new Date().toISOString());
    return row.website_id;
  }
}
