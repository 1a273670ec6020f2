import type { Page, Response } from 'playwright-core';

/** One write the page sent to the API, with the server's answer. */
export interface ApiWrite {
  method: string;
  path: string;
  status: number;
  /** The answer's JSON, read once it has come (undefined when it has none). */
  body: Promise<unknown>;
}

/** What a page sent and was told: its writes, and the last record read with its actions. */
export interface ApiWatch {
  writes: ApiWrite[];
  /** The writes answered 4xx or 5xx since `from` (an index into writes). */
  refusedSince(from: number): ApiWrite[];
  /**
   * The `actions` of the last record the page read with offers=create, once read after `from`;
   * undefined when the server refused to show it (a record this reader may not see).
   */
  actionsAfter(from: number, timeout?: number): Promise<string[] | undefined>;
  /** How many record reads with offers the page has seen: a mark for actionsAfter. */
  reads(): number;
  /** How many writes the page has sent, answered or not: a mark for pressSending. */
  sent(): number;
}

/** The object in an answer that carries `actions` (an envelope may wrap it: `{ article }`). */
function withActions(body: unknown): string[] | undefined {
  // A list's records each carry theirs: none of them is the record read.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const actions = (body as { actions?: unknown }).actions;
  if (Array.isArray(actions)) return actions.map(String);
  for (const value of Object.values(body)) {
    const inner = typeof value === 'object' && value !== null ? withActions(value) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

async function json(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** Watches a page's API traffic: the walker judges its steps by what the server answered. */
export function watchApi(page: Page): ApiWatch {
  const writes: ApiWrite[] = [];
  const offers: (string[] | undefined)[] = [];
  const waiting: (() => void)[] = [];
  let sent = 0;
  page.on('request', (request) => {
    if (['fetch', 'xhr'].includes(request.resourceType()) && request.method() !== 'GET') sent++;
  });
  page.on('response', (response) => {
    // The app's calls, wherever section 7 puts them (Hiring's /v1/…): what it fetches.
    if (!['fetch', 'xhr'].includes(response.request().resourceType())) return;
    const url = new URL(response.url());
    const method = response.request().method();
    // A record's page reads it with offers=create; a picker's list asks offers=create:<a create>.
    if (method === 'GET' && url.searchParams.get('offers') !== 'create') return;
    if (method !== 'GET') {
      // Kept as the answer comes, before the page navigates away and its body is gone.
      writes.push({ method, path: url.pathname, status: response.status(), body: json(response) });
      return;
    }
    // A declared shape (an existing client's, like Conduit's) sends the actions in a header.
    const header = response.headers()['specrun-actions'];
    void json(response).then((body) => {
      const actions =
        withActions(body) ??
        (header === undefined ? undefined : header.split(',').flatMap((a) => a.trim() || []));
      if (actions && response.ok()) offers.push(actions);
      // A record read refused (404) is an answer too: the page shows it cannot be found.
      else if (response.status() >= 400 && response.status() < 500) offers.push(undefined);
      waiting.splice(0).forEach((wake) => wake());
    });
  });
  return {
    writes,
    refusedSince: (from) => writes.slice(from).filter((w) => w.status >= 400),
    reads: () => offers.length,
    sent: () => sent,
    async actionsAfter(from, timeout = 10_000) {
      const deadline = Date.now() + timeout;
      while (offers.length <= from) {
        if (Date.now() > deadline) throw new Error('the record was not read with its actions');
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 200);
        });
      }
      return offers[offers.length - 1];
    },
  };
}
