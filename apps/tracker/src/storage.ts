/** Stand-in when storage is unavailable (blocked, sandboxed) or full: this page's memory. */
const mem: Record<string, string> = {};
/** Off before consent (consent mode 'require', a refusal): everything stays in this page's memory. */
let on: unknown;

export const persist = (x: unknown): unknown => (on = x);

/** localStorage (sessionStorage with `session`) item `k`, set to `v` when given; returns the value it had. */
export const store = (k: string, v?: string, session?: 1): string | undefined => {
  try {
    if (!on) throw 0;
    const s: Record<string, string> = session ? sessionStorage : localStorage;
    const old = s[k];
    if (v) s[k] = v;
    return old;
  } catch {
    const old = mem[k];
    if (v) mem[k] = v;
    return old;
  }
};
