import { DAY_MS } from '../durations';
/** The plans (spec §9, docs/decisions.md#plans-and-limits): monthly, USD. null means unlimited. */
export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number;
  eventsPerMonth: number | null;
  websites: number | null;
  features: string[];
  /** The Stripe price's lookup key: the operator sets prices in Stripe, not in code. */
  lookupKey: string;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceUsd: 49,
    eventsPerMonth: 100_000,
    websites: 1,
    features: ['Up to 100,000 events/month', '1 website', 'Basic analytics', 'Email support'],
    lookupKey: 'ocx_starter_monthly',
  },
  {
    id: 'professional',
    name: 'Professional',
    priceUsd: 149,
    eventsPerMonth: 1_000_000,
    websites: 5,
    features: ['Up to 1M events/month', '5 websites', 'Advanced analytics', 'Priority support'],
    lookupKey: 'ocx_professional_monthly',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsd: 499,
    eventsPerMonth: null,
    websites: null,
    features: ['Unlimited events and websites', 'Custom integrations', 'Dedicated support'],
    lookupKey: 'ocx_enterprise_monthly',
  },
];

export const TRIAL_DAYS = 14;

/** The trial, and an account without an active subscription after it, get Starter's limits. */
export const TRIAL_LIMITS = { eventsPerMonth: 100_000, websites: 1 } as const;

export const planById = (id: string): Plan | undefined => PLANS.find((p) => p.id === id);
export const planByLookupKey = (key: string): Plan | undefined => PLANS.find((p) => p.lookupKey === key);

/** What an organization's billing state is made of (times in epoch ms). */
export interface BillingState {
  plan: string;
  status: string;
  trialEndsAt: number | null;
}

export type LimitSource = 'unlimited' | 'plan' | 'trial' | 'trial-ended';

export interface Limits {
  eventsPerMonth: number | null;
  websites: number | null;
  source: LimitSource;
}

/** Stripe statuses in which a paid plan's limits apply; past_due, canceled and the rest fall back. */
const PAYING = new Set(['active', 'trialing']);

/** A paid plan in good standing, or null (spec §4: plan 'free' or none is no active subscription). */
export function activePlan(state: BillingState): Plan | null {
  const plan = planById(state.plan);
  return plan && PAYING.has(state.status) ? plan : null;
}

/** The limits in force; without billing (self-hosted, no Stripe key) nothing is limited. */
export function limitsFor(state: BillingState, billingEnabled: boolean, now: number): Limits {
  if (!billingEnabled) return { eventsPerMonth: null, websites: null, source: 'unlimited' };
  const plan = activePlan(state);
  if (plan) return { eventsPerMonth: plan.eventsPerMonth, websites: plan.websites, source: 'plan' };
  const inTrial = state.trialEndsAt !== null && now < state.trialEndsAt;
  return { ...TRIAL_LIMITS, source: inTrial ? 'trial' : 'trial-ended' };
}

/** Whole days left in the trial (0 once it has ended), rounded up. */
export function trialDaysLeft(trialEndsAt: number | null, now: number): number {
  if (trialEndsAt === null) return 0;
  return Math.max(0, Math.ceil((trialEndsAt - now) / DAY_MS));
}

/** The trial banner shows in the trial's last 3 days and after it ends, until a plan is active. */
export function showsTrialBanner(state: BillingState, billingEnabled: boolean, now: number): boolean {
  if (!billingEnabled || activePlan(state) || state.trialEndsAt === null) return false;
  return state.trialEndsAt - now <= 3 * DAY_MS;
}

/** The calendar month (UTC) holding `now`: [start, end) in epoch ms, the span quotas count. */
export function monthSpan(now: number): { from: number; to: number } {
  const d = new Date(now);
  return {
    from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    to: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

/** The message when a new website would pass the plan's limit, or null when it fits. */
export function websiteLimitError(limits: Limits, websites: number): string | null {
  if (limits.websites === null || websites < limits.websites) return null;
  const n = limits.websites;
  const what = limits.source === 'plan' ? 'Your plan allows' : 'The trial allows';
  return `${what} ${n} website${n === 1 ? '' : 's'}. Upgrade your plan on the Billing page to add more.`;
}
