// Where a server's time went, from a V8 CPU profile (`node --cpu-prof`), counting only the
// samples taken inside given windows of time (the measured runs of one call): self time by part
// of the program (a package of specrun, a dependency, Node, the garbage collector), and the
// functions with the most self and inclusive time.

/** The part of the program a function belongs to, from its URL. */
export function partOf(node) {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName}`;
  const ours = /\/packages\/([^/]+)\/dist\/([^/]+)\//.exec(url);
  if (ours) return `specrun ${ours[1]}/${ours[2]}`;
  const ourFile = /\/packages\/([^/]+)\/dist\//.exec(url);
  if (ourFile) return `specrun ${ourFile[1]}`;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  if (url.startsWith('node:')) return 'node';
  return url;
}

const where = (node) => {
  const { url, functionName, lineNumber } = node.callFrame;
  const file = url.replace(/^.*\/(packages|node_modules)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};

/** Sample indexes whose time falls inside one of `windows` ([from, to] in µs, the profile's clock). */
function samplesIn(profile, windows) {
  const picked = [];
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (windows.some(([from, to]) => at >= from && at <= to)) picked.push(i);
  }
  return picked;
}

const top = (counts, n) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, n);

/**
 * Answers the samples' count, the time they stand for (ms), and the parts and functions with the
 * most time, each `[name, ms, share]`. Idle samples are left out: a share is of the busy time.
 */
export function summariseProfile(profile, windows, { functions = 25 } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const perSample = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
  const parts = new Map();
  const self = new Map();
  const inclusive = new Map();
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  let busy = 0;
  for (const i of samplesIn(profile, windows)) {
    const node = nodes.get(profile.samples[i]);
    if (node.callFrame.functionName === '(idle)') continue;
    busy++;
    add(parts, partOf(node));
    add(self, where(node));
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const name = where(nodes.get(id));
      if (!seen.has(name)) add(inclusive, name);
      seen.add(name);
    }
  }
  const rows = (list) =>
    list.map(([name, count]) => [
      name,
      Math.round(count * perSample),
      Math.round((1000 * count) / busy) / 10,
    ]);
  return {
    samples: busy,
    ms: Math.round(busy * perSample),
    parts: rows(top(parts, 40)),
    self: rows(top(self, functions)),
    inclusive: rows(top(inclusive, functions)),
  };
}

/** The summary as text lines. */
export function formatSummary(title, summary) {
  const lines = [`${title}: ${summary.samples} samples, ${summary.ms} ms busy`];
  const table = (heading, list) => {
    lines.push(`  ${heading}`);
    for (const [name, ms, share] of list)
      lines.push(`    ${String(share).padStart(5)} %  ${String(ms).padStart(6)} ms  ${name}`);
  };
  table('self time by part', summary.parts);
  table('self time by function', summary.self);
  table('inclusive time by function', summary.inclusive);
  return lines.join('\n');
}
