import { describe, expect, it } from 'vitest';
import { navItems } from '../layout/nav-items';
import { signedInPaths } from '../router';
import { screenAt } from './screen-names';
import { documentTitle } from './use-document-title';

describe('screen names', () => {
  it('names every signed-in route, and every sidebar entry by its screen', () => {
    for (const path of signedInPaths) {
      expect(screenAt(`/${path.replace(':id', 'lp-1')}`), path).toBeDefined();
    }
    for (const item of navItems) expect(screenAt(item.to)?.title).toBe(item.label);
  });

  it('knows a deeper screen by its pattern and no screen at an unknown address', () => {
    expect(screenAt('/analytics/landing-pages/lp-1')?.title).toBe('Landing Page Statistics');
    expect(screenAt('/analytics')?.title).toBe('Attribution Models');
    expect(screenAt('/no-such-screen')).toBeUndefined();
  });

  it("titles the tab 'Screen — Website — OCX', or 'Screen — OCX' without a website", () => {
    expect(documentTitle('Clicks Log', 'Demo Shop')).toBe('Clicks Log — Demo Shop — OCX');
    expect(documentTitle('Team', null)).toBe('Team — OCX');
    expect(documentTitle('Sign in')).toBe('Sign in — OCX');
  });
});
