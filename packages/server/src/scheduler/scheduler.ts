import type { FastifyBaseLogger } from 'fastify';
import type { PreparedApp } from '../app/prepared-app.js';
import { automaticRows, type AutomaticRow } from './automatic-rows.js';
import { takeDue } from './take-due.js';

/** How the scheduler runs: how often, on what clock, how much at a time. */
export interface SchedulerOptions {
  /** Milliseconds between ticks (a minute unless told); 0: no timer, ticks only when asked. */
  intervalMs?: number;
  /** The clock each tick reads `now` from; the system's unless told (tests move their own). */
  clock?: () => Date;
  /** The most records one tick moves, over all automatic transitions (100 unless told). */
  batchSize?: number;
}

/** What one tick did: the records moved and those it failed on, as `Entity action id`. */
export interface TickReport {
  taken: string[];
  failed: string[];
}

/** The automatic transitions' runner: ticks on its timer, or when asked; stops on close. */
export interface Scheduler {
  /** Moves the records due now, at most a batch; a tick already running is waited for. */
  tick(): Promise<TickReport>;
  /** Stops the timer and waits for the tick under way. */
  stop(): Promise<void>;
}

const MINUTE = 60_000;

async function runTick(
  rows: readonly AutomaticRow[],
  now: Date,
  batchSize: number,
  log: FastifyBaseLogger,
): Promise<TickReport> {
  const report: TickReport = { taken: [], failed: [] };
  for (const automatic of rows) {
    const name = `${automatic.setup.prepared.entity.name} ${automatic.row.action}`;
    const passed: string[] = [];
    while (report.taken.length + report.failed.length < batchSize) {
      const outcome = await takeDue(automatic, now, passed);
      if (outcome.kind === 'none') break;
      if (outcome.kind === 'taken') report.taken.push(`${name} ${outcome.id}`);
      else {
        passed.push(outcome.id);
        report.failed.push(`${name} ${outcome.id}`);
        log.error({ err: outcome.error, record: outcome.id }, `automatic ${name} failed`);
      }
    }
  }
  return report;
}

/**
 * Starts the scheduler of an application's automatic transitions (section 4, `Who: system`):
 * every tick finds the records due in SQL and moves each in its own transaction (see takeDue).
 * A tick that fails is logged and the next one tries again: the server keeps serving. Without
 * automatic transitions it does nothing and sets no timer.
 */
export function startScheduler(
  app: PreparedApp,
  log: FastifyBaseLogger,
  options: SchedulerOptions = {},
): Scheduler {
  const rows = automaticRows(app);
  const clock = options.clock ?? (() => new Date());
  const batchSize = Math.max(1, options.batchSize ?? 100);
  const intervalMs = options.intervalMs ?? MINUTE;
  let running: Promise<TickReport> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async (): Promise<TickReport> => {
    while (running) await running.catch(() => undefined);
    running = runTick(rows, clock(), batchSize, log).finally(() => (running = undefined));
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => log.error({ err: error }, 'the automatic transitions failed'))
        .finally(schedule);
    }, intervalMs);
    // The timer alone does not keep the process alive.
    timer.unref();
  };
  if (rows.length > 0 && intervalMs > 0) schedule();
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
