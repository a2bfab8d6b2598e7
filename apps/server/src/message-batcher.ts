/**
 * Messages to another thread that arise in one turn of the event loop go as one postMessage: each
 * post clones and wakes the other thread, about 8 µs of the HTTP thread per collect request under
 * load, where a turn handles tens of requests. The batch leaves in the turn's check phase
 * (setImmediate), after every socket the poll phase read.
 */
export class MessageBatcher<T> {
  private queue: T[] = [];

  constructor(private readonly post: (batch: T[]) => void) {}

  push(item: T): void {
    if (this.queue.length === 0) setImmediate(() => this.flush());
    this.queue.push(item);
  }

  flush(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    this.post(batch);
  }
}

/** A request to a worker thread, matched to its answer by id. */
export interface RequestItem<Request> {
  id: number;
  request: Request;
}

/** A worker thread's answer to one request: the handler's result or its error message. */
export interface AnswerItem<Answer> {
  id: number;
  answer?: Answer;
  error?: string;
}

/** What crosses the port: a batch of items (anything else is a notice the worker sends unasked). */
export interface Batch<T> {
  batch: T[];
}

export const isBatch = <T>(message: unknown): message is Batch<T> =>
  typeof message === 'object' && message !== null && Array.isArray((message as Batch<T>).batch);
