import { Worker } from 'node:worker_threads';
import { StatementTimeoutError } from './statement-timeout.js';

type Row = Record<string, unknown>;

interface Job {
  sql: string;
  parameters: readonly unknown[];
  timeLimitMs: number;
  queuedAt: number;
  resolve(rows: Row[]): void;
  reject(error: Error): void;
}

type Answer =
  { rows: Row[] } | { error: { name: string; message: string; code?: string; timedOut: boolean } };

// The worker beside src/ and dist/ alike (see the file for why it is plain JavaScript).
const WORKER = new URL('../../workers/sqlite-reads.mjs', import.meta.url);
// How long past its limit a statement may run before its thread is ended: the worker stops a
// statement itself, at the next row it looks at the clock; a row costing more is cut here.
const GRACE_MS = 500;

/**
 * Runs reads on a thread of their own, with its own read-only connection to the database file,
 * one at a time and each within its time limit: a read a client made costly takes that thread's
 * time, never the event loop's. The thread starts with the first read; a read that overruns its
 * limit by GRACE_MS ends it, and the next read starts another.
 */
export class SqliteReader {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private current: { job: Job; timer: NodeJS.Timeout } | undefined;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly onStatement?: (sql: string, parameters?: readonly unknown[]) => void,
  ) {}

  /** The rows of a SELECT; rejects with StatementTimeoutError past `timeLimitMs`. */
  read(sql: string, parameters: readonly unknown[], timeLimitMs: number): Promise<Row[]> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, parameters, timeLimitMs, queuedAt: Date.now(), resolve, reject });
      this.next();
    });
  }

  /** Ends the thread; reads still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the store is closed'));
    if (this.current) this.finish(undefined, new Error('the store is closed'));
    await this.stop();
  }

  private next(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    // Its time counts from when it was asked: a read that waited its whole limit is not run.
    const left = job.timeLimitMs - (Date.now() - job.queuedAt);
    if (left <= 0) {
      job.reject(new StatementTimeoutError(job.timeLimitMs, false));
      return this.next();
    }
    const worker = this.start();
    const timer = setTimeout(() => this.overrun(), left + GRACE_MS);
    this.current = { job, timer };
    this.onStatement?.(job.sql, job.parameters);
    worker.postMessage({ sql: job.sql, parameters: job.parameters, timeLimitMs: left });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER, { workerData: { file: this.file } });
    // It must never keep the process alive: the server's own handles decide that.
    worker.unref();
    // A thread ended for overrunning may still answer: only the live one's answers count.
    worker.on('message', (answer: Answer) => this.worker === worker && this.answered(answer));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the read thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private answered(answer: Answer): void {
    if (!this.current) return;
    const { job } = this.current;
    if ('rows' in answer) return this.finish(answer.rows);
    const { name, message, code, timedOut } = answer.error;
    if (timedOut) return this.finish(undefined, new StatementTimeoutError(job.timeLimitMs, true));
    // As the main connection would have thrown it: a RangeError for a value it cannot bind, an
    // error with SQLite's code otherwise.
    const error = name === 'RangeError' ? new RangeError(message) : new Error(message);
    this.finish(undefined, Object.assign(error, code === undefined ? {} : { code }));
  }

  /** The thread ran past the limit and its grace without stopping: it is ended. */
  private overrun(): void {
    const job = this.current?.job;
    if (!job) return;
    void this.stop();
    this.finish(undefined, new StatementTimeoutError(job.timeLimitMs, true));
  }

  /** The thread failed or exited on its own: the read it held fails, the next starts another. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    if (this.current) this.finish(undefined, error);
  }

  private finish(rows: Row[] | undefined, error?: Error): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = undefined;
    if (error) current.job.reject(error);
    else current.job.resolve(rows ?? []);
    this.next();
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
