export interface BackgroundTask {
  name: string;
  /** Does one chunk of work; returns how much it did (0 = nothing left for now). */
  run(): Promise<number>;
}

/** Where a failed task is reported: the server's logger, or anything with its error(). */
interface TaskLog {
  error(fields: { err: unknown; task: string }, message: string): void;
}

/**
 * Runs the follow-up work (crediting conversions, recomputes, starting due postbacks in their own
 * lane, which it never waits for) every `intervalMs`, and shortly after a nudge; one pass at a
 * time. All state is in the database, so a restart resumes it.
 */
export class BackgroundJobs {
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private current: Promise<void> | null = null;
  /** Passes run one after another, the scheduled ones and settle()'s alike. */
  private lane: Promise<unknown> = Promise.resolve();
  private again = false;
  private stopped = true;

  constructor(
    private readonly tasks: BackgroundTask[],
    private readonly log: TaskLog,
    private readonly intervalMs = 500,
    /**
     * A nudge waits this long so one pass (one transaction per task) serves every conversion of a
     * busy moment; a pass per commit spent a fifth of the server's time on SQLite commits.
     */
    private readonly nudgeDelayMs = 50,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** New work exists (e.g. a conversion was stored): run soon rather than at the next interval. */
  nudge(): void {
    if (this.stopped) return;
    if (this.current) this.again = true;
    else if (!this.timer || this.dueAt > Date.now() + this.nudgeDelayMs) this.schedule(this.nudgeDelayMs);
  }

  /** Runs passes until every task reports nothing left (tests use it to wait for the follow-up). */
  async settle(): Promise<void> {
    // In the lane: a pass beside a scheduled one would find the one-server-at-a-time tasks taken
    // by it, skip them and report nothing left while they still copy.
    for (let i = 0; i < 100; i++) if ((await this.inLane()) === 0) return;
  }

  private inLane(): Promise<number> {
    const pass = this.lane.then(() => this.pass());
    this.lane = pass.catch(() => undefined);
    return pass;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
    await this.lane;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.inLane()
        .then(() => undefined)
        .finally(() => {
          this.current = null;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? this.nudgeDelayMs : this.intervalMs);
        });
    }, delay);
  }

  private async pass(): Promise<number> {
    let work = 0;
    for (const task of this.tasks) {
      try {
        work += await task.run();
      } catch (err) {
        this.log.error({ err, task: task.name }, 'background task failed; it runs again next pass');
      }
    }
    return work;
  }
}
