// CPU time of one request, step by step, in one process: specrun's server from this checkout's
// build (`npx tsc -b tsconfig.build.json`) on the loaded helpdesk (100,000 tickets, SQLite),
// called by Fastify's inject (no socket), beside a bare Fastify app answering the same body,
// with and without the same headers. Each case is timed by process.cpuUsage() over 400 calls, in
// 15 rounds taking the cases in turn; the figure is the median. The differences between cases
// say what a step costs (the session: `/api/_health` with and without the cookie), where a CPU
// profile of a loaded machine cannot (docs/benchmarks.md).
//
// `node --max-semi-space-size=64 bench/cpu-by-step.mjs`
import Fastify from 'fastify';
import { withHelpdeskPair } from './api/helpdesk-pair.mjs';
import { inProcessServer } from './api/in-process-server.mjs';
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
await withHelpdeskPair(
  async (pair, calls, where, spec) => {
    // The servers the pair started are not measured here: stopped, so that they take no CPU.
    await pair.stop();
    const { app, store } = await inProcessServer(where, spec);
    const c = calls('specrun');
    const cookie = c.get.headers.cookie;
    const sample = JSON.parse((await app.inject({ url: c.get.path, headers: { cookie } })).body);
    const headersOf = (await app.inject({ url: c.get.path, headers: { cookie } })).headers;
    const plain = Fastify({ logger: false });
    plain.get('/x', async (req, reply) => {
      reply.header('etag', '"1"');
      return sample;
    });
    plain.get('/h', async (req, reply) => {
      for (const [k, v] of Object.entries(headersOf))
        if (!['content-length', 'date', 'connection', 'keep-alive', 'content-type'].includes(k))
          reply.header(k, v);
      return sample;
    });
    await plain.ready();
    const cases = {
      'plain Fastify, same body': () => plain.inject({ url: '/x' }),
      'plain Fastify, same body and headers': () => plain.inject({ url: '/h' }),
      'specrun /api/_health, no cookie': () => app.inject({ url: '/api/_health' }),
      'specrun /api/_health, cookie': () =>
        app.inject({ url: '/api/_health', headers: { cookie } }),
      'specrun get': () => app.inject({ url: c.get.path, headers: { cookie } }),
      'specrun list': () => app.inject({ url: c.list.path, headers: { cookie } }),
    };
    const N = 400,
      res = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (const f of Object.values(cases)) for (let i = 0; i < 300; i++) await f();
    for (let r = 0; r < 15; r++)
      for (const [k, f] of Object.entries(cases)) {
        const t = process.cpuUsage();
        for (let i = 0; i < N; i++) {
          const x = await f();
          if (x.statusCode !== 200) throw new Error(k + x.statusCode);
        }
        const u = process.cpuUsage(t);
        res[k].push((u.user + u.system) / N);
      }
    for (const [k, v] of Object.entries(res))
      console.log(k.padEnd(40), median(v).toFixed(1), 'µs CPU per inject');
    console.log(Object.keys(headersOf).join(' '));
    await app.close();
    await store.close();
  },
  { transitions: 10 },
);
