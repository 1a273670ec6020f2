// The anchors' part of docs/benchmarks.md: written by `npm run bench:anchors`, and kept as it is
// by `npm run bench` (which does not run Directus), so that the page always shows both.
import { CONNECTIONS } from '../api/load.mjs';

/** The heading that starts the section; the section runs to the end of the page. */
export const ANCHORS_HEADING = '## Anchors: specrun against Directus';

const verdict = (ok) => (ok ? 'met' : '**missed**');
const count = (n) => n.toLocaleString('en');

function rows(sizes) {
  return sizes.map(({ rows: n, calls }) => {
    const cells = Object.values(calls).map(
      (c) =>
        `${c.specrun.rps} | ${c.directus.rps} | ${c.ratio} (≥ ${c.target}) | ${verdict(c.ratio >= c.target)}`,
    );
    return `| ${count(n)} | ${cells.join(' | ')} |`;
  });
}

/** The section for the figures of one anchors run. */
export function anchorsSection(anchors) {
  return `${ANCHORS_HEADING}

Figures of one run of \`npm run bench:anchors\` (${anchors.date.slice(0, 10)}, Node ${anchors.node}):
the lean workload (the same specification, the same items loaded by SQL at each size, in the
same run) served by specrun and by Directus ${anchors.directus} on SQLite, so that anyone can
reproduce the comparison. Directus is installed on demand from the npm registry into a cache
folder outside the repository (\`~/.cache/specrun-bench/directus-${anchors.directus}\`),
bootstrapped with its cache and rate limiter off and its log level at \`warn\` (specrun runs with
\`--quiet\`); the \`items\` collection is made through its API with specrun's columns, the Public
policy may read it, and its table gets the index specrun derives (\`createdAt DESC, id\`). The
calls are \`GET /items/items?limit=20&sort=-createdAt\` and \`GET /items/items/:id\` (the newest
item) against specrun's \`GET /api/items?limit=20\` and \`GET /api/items/:id\`; before measuring,
the run checks that both answer the same items. Throughput as in the lean workload:
autocannon, ${CONNECTIONS} connections, ${anchors.runs.rounds} interleaved rounds of
${anchors.runs.timed.measure.seconds} s, the ratio the median of the rounds' ratios.

| Items | list: specrun req/s | Directus | specrun / Directus | | get: specrun req/s | Directus | specrun / Directus | |
|---|---|---|---|---|---|---|---|---|
${rows(anchors.sizes).join('\n')}
`;
}

/** The anchors section of a page as it stands ('' when it has none). */
export function keptAnchors(page) {
  const at = page.indexOf(`\n${ANCHORS_HEADING}`);
  return at < 0 ? '' : page.slice(at + 1);
}
