import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { providerError } from './provider-error';

const of = (query: string) => providerError(new URLSearchParams(query));

describe('provider sign-in errors', () => {
  it('says nothing without an error', () => {
    expect(of('')).toBeNull();
  });

  it("explains better-auth's refusal to link an account whose address is not verified", () => {
    expect(of('error=account_not_linked')).toBe(messages.auth.accountNotLinked);
    expect(of('error=state_mismatch')).toBe('Not a valid PKCE flow url.');
  });

  it('shows an unknown code as plain words and never a description from the URL', () => {
    expect(of('error=invalid_code&error_description=Call%20555-0100%20now')).toBe(
      'Signing in with the provider failed: invalid code.',
    );
    expect(of('error=%3Cscript%3E')).toBe('Signing in with the provider failed: unknown error.');
  });
});
