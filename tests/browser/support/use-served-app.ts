import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { serveApp, type ServeOptions, type ServedApp } from './serve-app.js';

/** The application a describe block walks, and the browser that walks it; set before the tests. */
export interface AppUnderTest {
  served: ServedApp;
  browser: Browser;
}

/**
 * Serves a specification on a fresh database and launches Chromium for one describe block, with
 * `prepare` run on the served app first (accounts the owner would add); closes both after.
 */
export function useServedApp(
  spec: string,
  prepare?: (served: ServedApp) => Promise<void>,
  options?: ServeOptions,
): AppUnderTest {
  const app = {} as AppUnderTest;
  beforeAll(async () => {
    app.served = await serveApp(spec, options);
    await prepare?.(app.served);
    app.browser = await launchChromium();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.served?.close();
  });
  return app;
}
