/** A bad environment: main.ts prints the message alone and the server does not start. */
export class ConfigError extends Error {}
