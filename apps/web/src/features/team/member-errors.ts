import { messages } from '@ocx/contracts';
import { serverAnswered } from '../../api/client';

/** The server's refusal (400, 403, 404: it says what to do, e.g. the last owner stays), else the generic text. */
export const memberRefusal = (error: unknown): string =>
  serverAnswered(error) && error.serverMessage && error.status < 500
    ? error.serverMessage
    : messages.common.unexpected;
