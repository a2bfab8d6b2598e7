import { messages } from '@ocx/contracts';
import commonPasswords from './common-passwords.json';

/** Shortest password OCX accepts when one is chosen (sign-up, reset, change). */
export const MIN_PASSWORD_LENGTH = 10;
/** better-auth's own upper bound (auth.ts). */
export const MAX_PASSWORD_LENGTH = 128;

// The list holds only entries of MIN_PASSWORD_LENGTH or more, lower-cased (scripts/common-passwords.mjs).
// Made on first use: a module-level Set would keep the list in every bundle that imports this file.
let common: Set<string> | null = null;
function isCommon(password: string): boolean {
  if (!common) common = new Set<string>(commonPasswords);
  return common.has(password.toLowerCase());
}

/**
 * What is wrong with a new password, in the words the form and the server both show, or null. The
 * same rule runs in the browser and in the auth server's hook, so neither can say yes when the other says no.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return messages.auth.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return messages.auth.passwordTooLong;
  if (isCommon(password)) return messages.auth.passwordTooCommon;
  return null;
}
