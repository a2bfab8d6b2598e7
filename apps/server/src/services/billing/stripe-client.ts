import Stripe from 'stripe';
import type { BillingConfig } from '../../config/billing-config';

/** The Stripe SDK on Stripe itself, or on the Stripe-compatible API in STRIPE_API_URL (tests). */
export function createStripeClient(config: BillingConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    // A retry could create a second customer or session; the user clicks again instead.
    maxNetworkRetries: 0,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
