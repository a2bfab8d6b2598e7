/**
 * The browser's own address check (type="email"), without a form to ask. Its own file: the forms
 * that only take an address do not load the sign-up rules (and their common-password list).
 */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
