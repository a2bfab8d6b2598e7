import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../errors';
import type { ApiKeyRepository, ApiKeyRow } from '../../storage/websites/api-key.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { ApiKeyService } from './api-key.service';

const NOW = Date.parse('2024-03-01T10:00:00.000Z');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function build() {
  const keys = mockOf<ApiKeyRepository>();
  const access = mockOf<Access>();
  access.website.mockResolvedValue(websiteRow());
  return { service: new ApiKeyService(keys, access), keys, access };
}

const keyRow = (changes: Partial<ApiKeyRow> = {}): ApiKeyRow => ({
  id: 'key-1',
  website_id: 'site-1',
  name: 'Importer',
  prefix: 'ocx_abcdefgh',
  key_hash: 'hash',
  created_at: new Date('2024-02-01T00:00:00Z'),
  last_used_at: null,
  revoked_at: null,
  ...changes,
});

describe('ApiKeyService', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps only the hash of a new key, shows the key once, and names an unnamed one', async () => {
    const { service, keys, access } = build();
    const made = await service.create(alice, 'site-1', '');
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(made.key).toMatch(/^ocx_[\w-]{32}$/);
    expect(made).toMatchObject({
      name: 'API key',
      prefix: made.key.slice(0, 12),
      createdAt: new Date(NOW).toISOString(),
    });
    expect(keys.insert).toHaveBeenCalledWith({
      id: made.id,
      website_id: 'site-1',
      name: 'API key',
      prefix: made.key.slice(0, 12),
      key_hash: sha256(made.key),
      created_at: new Date(NOW).toISOString(),
      last_used_at: null,
      revoked_at: null,
    });
  });

  it('lists the website’s active keys to whoever may read it', async () => {
    const { service, keys, access } = build();
    const active = [
      {
        id: 'key-1',
        name: 'Importer',
        prefix: 'ocx_abcdefgh',
        createdAt: '2024-02-01T00:00:00.000Z',
        lastUsedAt: null,
      },
    ];
    keys.listActive.mockResolvedValue(active);
    await expect(service.list(alice, 'site-1')).resolves.toEqual(active);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
    expect(keys.listActive).toHaveBeenCalledWith('site-1');
  });

  it('answers not found when revoking a key the website does not have', async () => {
    const { service, keys } = build();
    keys.revoke.mockResolvedValue(false);
    await expect(service.revoke(alice, 'site-1', 'key-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(keys.revoke).toHaveBeenCalledWith('site-1', 'key-x', new Date(NOW).toISOString());
  });

  it('authenticates a key by its hash to its website and records its use', async () => {
    const { service, keys } = build();
    keys.findActiveByHash.mockResolvedValue(keyRow());
    await expect(service.authenticate('ocx_secret')).resolves.toBe('site-1');
    expect(keys.findActiveByHash).toHaveBeenCalledWith(sha256('ocx_secret'));
    expect(keys.touch).toHaveBeenCalledWith('key-1', new Date(NOW).toISOString());
  });

  it('answers null for a wrong or revoked key without touching anything', async () => {
    const { service, keys } = build();
    await expect(service.authenticate('ocx_wrong')).resolves.toBeNull();
    expect(keys.touch).not.toHaveBeenCalled();
  });
});
