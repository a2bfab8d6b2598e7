import { createAuthMiddleware } from 'better-auth/api';

/** What a better-auth hook sees: the matched endpoint's path, its parsed body, the auth context. */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** One step of a hook chain: an answer (anything but undefined) ends the chain and is the response. */
type AuthHook = (ctx: AuthHookContext) => unknown;

/**
 * better-auth takes one `before` and one `after` hook: this runs OCX's steps in order in it. Hooks
 * see the path of the endpoint that matched (`/two-factor/disable`), never the request's spelling.
 */
export function hookChain(...steps: AuthHook[]) {
  return createAuthMiddleware(async (ctx) => {
    for (const step of steps) {
      const answer = await step(ctx);
      if (answer !== undefined) return answer;
    }
    return undefined;
  });
}
