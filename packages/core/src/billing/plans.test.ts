import { describe, expect, it } from 'vitest';
import { limitsFor, monthSpan, showsTrialBanner, trialDaysLeft, websiteLimitError } from './plans';

const NOW = Date.parse('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;
const trial = (endsIn: number) => ({ plan: 'trial', status: 'trialing', trialEndsAt: NOW + endsIn });

describe('plans and limits', () => {
  it('limits nothing without billing (self-hosted), whatever the state', () => {
    expect(limitsFor(trial(-DAY), false, NOW)).toEqual({
      eventsPerMonth: null,
      websites: null,
      source: 'unlimited',
    });
  });

  it('gives an active paid plan its own limits and Enterprise none', () => {
    expect(limitsFor({ plan: 'professional', status: 'active', trialEndsAt: null }, true, NOW)).toEqual({
      eventsPerMonth: 1_000_000,
      websites: 5,
      source: 'plan',
    });
    expect(
      limitsFor({ plan: 'enterprise', status: 'active', trialEndsAt: null }, true, NOW).websites,
    ).toBeNull();
  });

  it('falls back to the trial limits when a plan is past due or canceled', () => {
    const pastDue = limitsFor(
      { plan: 'professional', status: 'past_due', trialEndsAt: NOW - DAY },
      true,
      NOW,
    );
    expect(pastDue).toEqual({ eventsPerMonth: 100_000, websites: 1, source: 'trial-ended' });
    expect(limitsFor({ plan: 'starter', status: 'canceled', trialEndsAt: NOW + DAY }, true, NOW).source).toBe(
      'trial',
    );
  });

  it('shows the trial banner only in the last 3 days and after the trial, never with a plan', () => {
    expect(showsTrialBanner(trial(4 * DAY), true, NOW)).toBe(false);
    expect(showsTrialBanner(trial(3 * DAY), true, NOW)).toBe(true);
    expect(showsTrialBanner(trial(-DAY), true, NOW)).toBe(true);
    expect(showsTrialBanner({ plan: 'starter', status: 'active', trialEndsAt: NOW - DAY }, true, NOW)).toBe(
      false,
    );
    expect(showsTrialBanner(trial(-DAY), false, NOW)).toBe(false);
    expect(trialDaysLeft(NOW + 2.5 * DAY, NOW)).toBe(3);
    expect(trialDaysLeft(NOW - DAY, NOW)).toBe(0);
  });

  it('counts a calendar month in UTC, December running into January', () => {
    expect(monthSpan(Date.parse('2026-12-31T23:59:59.999Z'))).toEqual({
      from: Date.parse('2026-12-01T00:00:00.000Z'),
      to: Date.parse('2027-01-01T00:00:00.000Z'),
    });
  });

  it('refuses a website past the limit with a message that says what to do', () => {
    const starter = { eventsPerMonth: 100_000, websites: 1, source: 'plan' as const };
    expect(websiteLimitError(starter, 0)).toBeNull();
    expect(websiteLimitError(starter, 1)).toBe(
      'Your plan allows 1 website. Upgrade your plan on the Billing page to add more.',
    );
    expect(websiteLimitError({ ...starter, websites: 5 }, 5)).toContain('5 websites');
    expect(websiteLimitError({ eventsPerMonth: null, websites: null, source: 'unlimited' }, 99)).toBeNull();
  });
});
