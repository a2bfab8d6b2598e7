import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database';
import { callAs, createTestApp, dialects, PUBLIC_URL, signUp, type TestApp } from '../test/test-app';

describe.each(dialects)('an organization is made in the sign-up transaction on %s', (dialect) => {
  let t: TestApp;
  let database: Database;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    database = openDatabase(t.config.database);
  });
  afterAll(async () => {
    await database.destroy();
    await t.close();
  });

  const signUpRequest = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: PUBLIC_URL },
      payload: { email, password: 'correct horse battery', name: email, acceptTerms: true },
    });

  it('answers a sign-up with the account already owning its organization', async () => {
    const user = await signUp(t.app);
    const row = await database.db
      .selectFrom('organization_member')
      .innerJoin('organization', 'organization.id', 'organization_member.organization_id')
      .select(['organization_member.role', 'organization.owner_user_id', 'organization.plan'])
      .where('organization_member.user_id', '=', user.userId)
      .execute();
    expect(row).toEqual([{ role: 'owner', owner_user_id: user.userId, plan: 'trial' }]);
    const [own] = (await callAs(t, user, 'GET', '/api/organizations')).json();
    expect(own).toMatchObject({ role: 'owner', status: 'trialing' });
  });

  it('leaves no user and no password account behind when the organization cannot be written', async () => {
    const first = await signUp(t.app);
    const email = `blocked-${Date.now()}@example.com`;
    // Organization names made unique and one already taking the new user's: its insert must fail.
    await sql`create unique index organization_name_test_idx on organization (name)`.execute(database.db);
    await database.db
      .updateTable('organization')
      .set({ name: email })
      .where('owner_user_id', '=', first.userId)
      .execute();
    try {
      const refused = await signUpRequest(email);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      const users = await database.db.selectFrom('user').select('id').where('email', '=', email).execute();
      expect(users).toEqual([]);
      const accounts = await database.db
        .selectFrom('account')
        .innerJoin('user', 'user.id', 'account.userId')
        .select('account.id')
        .where('user.email', '=', email)
        .execute();
      expect(accounts).toEqual([]);
    } finally {
      await sql`drop index organization_name_test_idx`.execute(database.db);
    }
    // Nothing half-written stands in the way: the same address signs up once the cause is gone.
    expect((await signUpRequest(email)).statusCode).toBe(200);
  });
});
