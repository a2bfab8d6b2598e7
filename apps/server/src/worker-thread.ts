import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { type AnswerItem, type Batch, isBatch, MessageBatcher, type RequestItem } from './message-batcher';

/**
 * Starts a worker thread from the built bundle (dist/<name>.js next to main.js) or, when running
 * from source (tests, tsx), from its TypeScript file through tsx.
 */
export function startWorker(name: string, sourceUrl: URL, workerData: unknown): Worker {
  const built = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(built)) return new Worker(built, { workerData });
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(sourceUrl.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** Request/answer over a worker's message port, matched by id; a dead worker fails what waits. */
export class WorkerChannel<Request, Answer> {
  private readonly pending = new Map<number, { resolve(a: Answer): void; reject(e: Error): void }>();
  private readonly outbox: MessageBatcher<RequestItem<Request>>;
  private nextId = 0;
  private gone: Error | null = null;

  constructor(
    private readonly worker: Worker,
    label: string,
    onOther: (message: unknown) => void = () => {},
  ) {
    this.outbox = new MessageBatcher((batch) => {
      // A message to a thread that has ended is dropped silently: failAll has rejected its waiters.
      if (!this.gone) worker.postMessage({ batch } satisfies Batch<RequestItem<Request>>);
    });
    worker.on('message', (message: unknown) => {
      if (!isBatch<AnswerItem<Answer>>(message)) return onOther(message);
      for (const { id, answer, error } of message.batch) {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        if (error !== undefined) waiting?.reject(new Error(`${label}: ${error}`));
        else waiting?.resolve(answer as Answer);
      }
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`${label} thread exited (${code})`)));
  }

  /** The thread has ended (or failed): every request fails at once. */
  get ended(): boolean {
    return this.gone !== null;
  }

  request(request: Request): Promise<Answer> {
    const id = ++this.nextId;
    if (this.gone) return Promise.reject(this.gone);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.outbox.push({ id, request });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(error: Error): void {
    this.gone ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** A worker thread's port, as the helpers below use it. */
interface WorkerPort {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  postMessage(message: unknown): void;
}

/** The worker side's answers, sent a turn's worth at a time. */
export function answerBatcher<Answer>(port: WorkerPort): MessageBatcher<AnswerItem<Answer>> {
  return new MessageBatcher((batch) => port.postMessage({ batch } satisfies Batch<AnswerItem<Answer>>));
}

/** Every request the HTTP thread sends, one at a time, in the order sent. */
export function onRequests<Request>(port: WorkerPort, listener: (item: RequestItem<Request>) => void): void {
  port.on('message', (message) => {
    if (isBatch<RequestItem<Request>>(message)) for (const item of message.batch) listener(item);
  });
}

/** Answers a request with the handler's result, or its error message. */
export async function answer<Answer>(
  answers: MessageBatcher<AnswerItem<Answer>>,
  id: number,
  work: () => Promise<Answer> | Answer,
): Promise<void> {
  try {
    answers.push({ id, answer: await work() });
  } catch (error) {
    answers.push({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The worker side: answers each request with the handler's result, or its error message. */
export function serveRequests<Request, Answer>(
  port: WorkerPort,
  handle: (request: Request) => Promise<Answer> | Answer,
): void {
  const answers = answerBatcher<Answer>(port);
  onRequests<Request>(port, ({ id, request }) => void answer(answers, id, () => handle(request)));
}
