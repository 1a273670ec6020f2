import type { FastifyInstance } from 'fastify';
import type { PreparedApp } from '../app/prepared-app.js';
import { startScheduler, type Scheduler, type SchedulerOptions } from './scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The automatic transitions' scheduler, when the server runs one. */
    scheduler?: Scheduler;
  }
}

/**
 * Runs the scheduler for as long as the server is up: it starts once the server is ready (the
 * routes registered), logs through the server's logger, and stops before the server closes, so
 * that no tick is left writing to a store about to close.
 */
export function runScheduler(app: FastifyInstance, ready: PreparedApp, options: SchedulerOptions) {
  const scheduler = startScheduler(ready, app.log, options);
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
}
