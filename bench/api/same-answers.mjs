// Before measuring: both servers must answer the same bytes, so that the comparison is between
// two programs doing the same work. Status, body and headers are compared; of the headers that
// change from one answer to the next (date) or may be each server's own (an ETag), only whether
// both send them.
import http from 'node:http';

/** Headers both must send or neither, whatever their values. */
const VOLATILE = new Set(['date', 'etag', 'last-modified']);

/**
 * A request as its answer comes off the wire: status, headers (lower-case names, as sent) and
 * body text. On a kept-alive connection, as the load runs use, so that Connection and Keep-Alive
 * are compared.
 */
function requestRaw(agent, url, headers = {}, method = 'GET', body = undefined) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const pairs = [];
        for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i].toLowerCase(), raw[i + 1]]);
        resolve({ status: response.statusCode, headers: pairs, body });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The headers as lines to compare, sorted; volatile ones by name alone. */
const headerLines = (pairs) =>
  pairs.map(([name, value]) => (VOLATILE.has(name) ? name : `${name}: ${value}`)).sort();

/** Where two texts first differ, with some context from each. */
function difference(what, a, b, names) {
  let at = 0;
  while (a[at] === b[at]) at++;
  const around = (t) => t.slice(Math.max(0, at - 200), at + 200);
  return `${what}: ${names[0]} and ${names[1]} answer differently:\n${around(a)}\n${around(b)}`;
}

function requireSame(what, answers, names) {
  const [a, b] = answers;
  if (a.status !== b.status)
    throw new Error(`${what}: ${names[0]} answers ${a.status}, ${names[1]} ${b.status}`);
  if (a.body !== b.body) throw new Error(difference(`${what}, body`, a.body, b.body, names));
  const [ha, hb] = [headerLines(a.headers), headerLines(b.headers)];
  const only = (x, y) => x.filter((line) => !y.includes(line));
  if (only(ha, hb).length > 0 || only(hb, ha).length > 0)
    throw new Error(
      `${what}: the headers differ.\n  only ${names[0]}: ${only(ha, hb).join(' | ')}\n  only ${names[1]}: ${only(hb, ha).join(' | ')}`,
    );
}

/**
 * Asks both servers of `bases` each call of `names` (`calls(server)[name]`, a GET) and throws
 * unless they answer alike; a list's next page too, which its nextCursor (the same in both
 * bodies) asks for.
 */
export async function checkSameAnswers(bases, calls, names = ['list', 'get']) {
  const agent = new http.Agent({ keepAlive: true });
  try {
    await checkEach(agent, bases, calls, names);
    await checkSameCreate(agent, bases, calls);
  } finally {
    agent.destroy();
  }
}

// What differs between two new records by nature: their ids and the instants they were made.
const NEW_RECORD = /"(id|createdAt|updatedAt)":"[^"]*"/g;
const LAST_SEGMENT = /[^/]+$/;

/**
 * One create on each server, when the calls have one: the same answer but for the new record's
 * id and instants (and the Location naming it). The answer carries the ticket's actions, which
 * both must decide alike on a record the caller owns and may still change.
 */
async function checkSameCreate(agent, bases, calls) {
  const servers = Object.keys(bases);
  if (!servers.every((s) => calls(s).create)) return;
  const answers = await Promise.all(
    servers.map((s) => {
      const base = calls(s).create;
      const call = { ...base, ...(base.next ? base.next() : {}) };
      return requestRaw(agent, `${bases[s]}${call.path}`, call.headers, call.method, call.body);
    }),
  );
  const normal = (a) => ({
    ...a,
    body: a.body.replace(NEW_RECORD, '"$1":"…"'),
    headers: a.headers.map(([n, v]) => [n, n === 'location' ? v.replace(LAST_SEGMENT, '…') : v]),
  });
  requireSame('create', answers.map(normal), servers);
}

async function checkEach(agent, bases, calls, names) {
  const servers = Object.keys(bases);
  for (const name of names) {
    const asked = servers.map((s) => ({ base: bases[s], ...calls(s)[name] }));
    const answers = await Promise.all(
      asked.map((c) => requestRaw(agent, `${c.base}${c.path}`, c.headers)),
    );
    requireSame(name, answers, servers);
    const cursor = answers[0].status === 200 ? JSON.parse(answers[0].body).nextCursor : undefined;
    if (cursor === undefined) continue;
    const glue = asked[0].path.includes('?') ? '&' : '?';
    const next = await Promise.all(
      asked.map((c) =>
        requestRaw(
          agent,
          `${c.base}${c.path}${glue}cursor=${encodeURIComponent(cursor)}`,
          c.headers,
        ),
      ),
    );
    requireSame(`${name}, next page`, next, servers);
  }
}
