import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

describe('nextPath', () => {
  it('keeps a path of this app, with its query', () => {
    expect(nextPath('/invitations/abc')).toBe('/invitations/abc');
    expect(nextPath('/billing?x=1')).toBe('/billing?x=1');
  });

  it('refuses anything that would leave the app', () => {
    for (const value of ['//evil.test', 'https://evil.test', '/\\evil.test', 'invitations', '', null])
      expect(nextPath(value)).toBeNull();
  });
});
