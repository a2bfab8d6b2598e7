import { ConfigError } from './config-error';
import type { Env } from './env.schema';

/** Stripe, when configured; null: self-hosted, billing not configured and no limits (docs/decisions.md#plans-and-limits). */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible API other than api.stripe.com (tests); null: Stripe itself. */
  apiUrl: string | null;
}

/** Both keys turn billing on; one without the other stops the server naming the missing one. */
export function billingConfig(e: Env): BillingConfig | null {
  const key = e.STRIPE_SECRET_KEY;
  const secret = e.STRIPE_WEBHOOK_SECRET;
  if (!key && !secret) return null;
  if (!key || !secret) {
    const [set, missing] = key
      ? ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']
      : ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'];
    throw new ConfigError(
      `Invalid configuration: ${set} is set but ${missing} is not; billing needs both (or neither).`,
    );
  }
  return { secretKey: key, webhookSecret: secret, apiUrl: e.STRIPE_API_URL ?? null };
}
