import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscriptionOf } from './stripe-mapping';

const invoice = (fields: object) =>
  ({ object: 'invoice', parent: null, ...fields }) as unknown as Stripe.Invoice;

describe('subscriptionOf', () => {
  it('reads the subscription an invoice bills, in the current and the older webhook shapes', () => {
    const details = (subscription: unknown) => ({
      type: 'subscription_details',
      subscription_details: { subscription },
    });
    expect(subscriptionOf(invoice({ parent: details('sub_1') }))).toBe('sub_1');
    expect(subscriptionOf(invoice({ parent: details({ id: 'sub_2', object: 'subscription' }) }))).toBe(
      'sub_2',
    );
    expect(subscriptionOf(invoice({ subscription: 'sub_3' }))).toBe('sub_3');
    expect(subscriptionOf(invoice({ subscription: { id: 'sub_4' } }))).toBe('sub_4');
  });

  it('is null for an invoice that bills no subscription', () => {
    expect(subscriptionOf(invoice({}))).toBeNull();
    expect(
      subscriptionOf(invoice({ parent: { type: 'quote_details', quote_details: { quote: 'qt_1' } } })),
    ).toBeNull();
    expect(subscriptionOf(invoice({ subscription: null }))).toBeNull();
  });
});
