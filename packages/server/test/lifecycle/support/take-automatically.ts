import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import { prepareApp, type WireRecord } from '../../../src/index.js';
import { startScheduler } from '../../../src/scheduler/scheduler.js';
import type { LifecycleHarness } from './lifecycle-harness.js';

// Failures come back in the tick's report, which the tests read; nothing to print.
const quiet = { error: () => undefined } as unknown as FastifyBaseLogger;

/** Runs one tick of the scheduler at `now` on the harness's store; answers what it took. */
export async function tickAt(h: LifecycleHarness, now: Date): Promise<string[]> {
  const scheduler = startScheduler(prepareApp(h.model, h.store()), quiet, {
    clock: () => now,
    intervalMs: 0,
  });
  const report = await scheduler.tick();
  await scheduler.stop();
  expect(report.failed, 'automatic transitions that failed').toEqual([]);
  return report.taken;
}

/** The record after a tick at `now`, and whether the tick moved it. */
export async function afterTick(
  h: LifecycleHarness,
  entity: string,
  record: WireRecord,
  now: Date,
): Promise<{ moved: boolean; after: WireRecord }> {
  const taken = await tickAt(h, now);
  const after = await h.stored(entity, record.id as string);
  return { moved: taken.some((t) => t.endsWith(` ${String(record.id)}`)), after };
}
