import { describe, expect, it } from 'vitest';
import { InstanceOperators } from './instance-operators';

const users = {
  'u-ops': { email: 'Ops@Shop.test', emailVerified: true },
  'u-claimer': { email: 'cto@shop.test', emailVerified: false },
  'u-other': { email: 'ada@shop.test', emailVerified: true },
};
const addresses = { user: async (id: string) => users[id as keyof typeof users] };

describe('instance operators', () => {
  it('are the users whose proven address is listed, compared without case', async () => {
    const operators = new InstanceOperators(['ops@shop.test', 'CTO@shop.test'], addresses);
    expect(await operators.includes({ id: 'u-ops' })).toBe(true);
    expect(await operators.includes({ id: 'u-claimer' })).toBe(false);
    expect(await operators.includes({ id: 'u-other' })).toBe(false);
    expect(await operators.includes({ id: 'u-gone' })).toBe(false);
  });

  it('are nobody without a list', async () => {
    expect(await new InstanceOperators([], addresses).includes({ id: 'u-ops' })).toBe(false);
  });
});
