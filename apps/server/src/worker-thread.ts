import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

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
  private nextId = 0;
  private gone: Error | null = null;

  constructor(
    private readonly worker: Worker,
    label: string,
    onOther: (message: unknown) => void = () => {},
  ) {
    worker.on('message', (message: { id?: number; answer?: Answer; error?: string }) => {
      if (message.id === undefined) return onOther(message);
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(`${label}: ${message.error}`));
      else waiting?.resolve(message.answer as Answer);
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
    // A message to a thread that has ended is dropped silently: it would wait forever.
    if (this.gone) return Promise.reject(this.gone);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
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

/** The worker side: answers each request with the handler's result, or its error message. */
export function serveRequests<Request, Answer>(
  port: {
    on(event: 'message', listener: (m: { id: number; request: Request }) => void): unknown;
    postMessage(m: unknown): void;
  },
  handle: (request: Request) => Promise<Answer> | Answer,
): void {
  port.on('message', async ({ id, request }) => {
    try {
      port.postMessage({ id, answer: await handle(request) });
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
