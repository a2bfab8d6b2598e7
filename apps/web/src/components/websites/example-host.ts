import { isValidRootDomain } from '@ocx/core';

/** The spec's '{host}' placeholder: this browser's host when it is a real domain, else example.com. */
export function exampleHost(): string {
  const host = window.location.hostname;
  return isValidRootDomain(host) ? host : 'example.com';
}
