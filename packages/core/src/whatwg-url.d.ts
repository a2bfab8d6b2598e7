/**
 * The WHATWG URL API is global in Node and every browser, but core compiles without DOM or Node
 * types (it must not use their I/O); this declares the part of the standard API core uses.
 */
declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
  forEach(callback: (value: string, key: string) => void): void;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly host: string;
  readonly port: string;
  readonly pathname: string;
  search: string;
  hash: string;
  readonly origin: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}
