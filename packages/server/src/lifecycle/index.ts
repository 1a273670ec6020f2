export { prepareLifecycles, type EntityLifecycle } from './prepare-lifecycles.js';
export type { ActionPolicy, LifecycleContext } from './lifecycle-context.js';
export type { HistoryPage } from './record-history.js';
