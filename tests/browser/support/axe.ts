import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let axeUrl: Promise<string> | undefined;

/**
 * axe-core from a loopback server of this worker, cacheable for a day. Injected inline, its
 * 650 kB were parsed and compiled again on every new document (about a second on a loaded
 * machine, a third of a check); loaded from a URL, Chromium keeps the compiled code in the
 * context's cache from the third document on and the injection takes a fraction of that.
 */
function servedAxe(): Promise<string> {
  axeUrl ??= new Promise((resolve, reject) => {
    const source = readFileSync(axePath);
    const server = createServer((request, response) => {
      if (request.url !== '/axe.min.js') return void response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=86400, immutable',
      });
      response.end(source);
    });
    // Neither the server nor Chromium's kept-alive connections hold the worker open at its end.
    server.unref();
    server.on('connection', (socket) => socket.unref());
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}/axe.min.js`);
    });
  });
  return axeUrl;
}

/** One accessibility problem axe-core found, in a form a failing test can print. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core's WCAG 2.1 A and AA rules on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Once per document: a screen reached by a link inside the app keeps the one already there.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ url: await servedAxe() });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      // Only violations are read: axe skips gathering every node that passes, a third quicker.
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}
