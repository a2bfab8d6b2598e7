import { describe, expect, it } from 'vitest';
import { toFunnel } from './funnel.mapper';

const step = (id: string, order: number, conditions: string) => ({
  funnel_id: 'f1',
  id,
  name: `Step ${order}`,
  step_order: order,
  conditions,
});

describe('toFunnel', () => {
  it('reads the step conditions (none when unreadable) and gives the dates as ISO text', () => {
    const funnel = toFunnel(
      {
        id: 'f1',
        website_id: 'w1',
        name: 'Checkout',
        description: 'From cart to thanks',
        // PostgreSQL answers a Date, SQLite the text written.
        created_at: new Date(Date.UTC(2026, 0, 1)),
        updated_at: '2026-01-02 10:00:00Z',
      },
      [step('s1', 1, '{"path":"/cart"}'), step('s2', 2, '{"selector":"#pay"}'), step('s3', 3, 'not json')],
    );
    expect(funnel).toEqual({
      id: 'f1',
      name: 'Checkout',
      description: 'From cart to thanks',
      website_id: 'w1',
      steps: [
        { id: 's1', name: 'Step 1', order: 1, conditions: { path: '/cart' } },
        { id: 's2', name: 'Step 2', order: 2, conditions: { selector: '#pay' } },
        { id: 's3', name: 'Step 3', order: 3, conditions: {} },
      ],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T10:00:00.000Z',
    });
  });
});
