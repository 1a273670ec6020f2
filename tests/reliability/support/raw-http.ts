import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** One answer as the wire carried it. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request to send byte for byte: nothing is normalised, escaped or added but Host and Connection. */
export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the request line. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, end).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(data.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}

function parse(data: Buffer): RawAnswer {
  const split = data.indexOf('\r\n\r\n');
  const head = data.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(head[0]!.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(split + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest;
  return { status, headers, body: body.toString('utf8') };
}

/** Sends one request on its own connection and reads the answer to the end. */
export function rawRequest(base: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const body =
    request.body === undefined ? undefined : Buffer.from(request.body as string | Buffer);
  const headers: Record<string, string> = {
    host: `${hostname}:${port}`,
    connection: 'close',
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...request.headers,
  };
  const head =
    `${request.method} ${request.target} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // A large body goes only if no answer came first: a server refusing by Content-Length (413)
    // answers at once and closes, and a body still arriving would reset the connection and
    // take the answer with it.
    const socket = connect(Number(port), hostname, () => {
      socket.write(Buffer.from(head, 'latin1'));
      if (body && body.length < 100_000) socket.write(body);
      else if (body)
        setTimeout(() => {
          if (chunks.length === 0 && !socket.destroyed) socket.write(body);
        }, 50);
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error('no answer within 30 s')));
    // A server may answer early (413) and close while the body is still being sent: the write
    // fails, and the answer is still there to read.
    let failure: Error | undefined;
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (error) => (failure = error));
    socket.on('close', () =>
      chunks.length > 0
        ? resolve(parse(Buffer.concat(chunks)))
        : reject(failure ?? new Error('no answer')),
    );
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/**
 * Sends one request on a kept-alive connection (node:http: the target is sent as given, a body
 * even with GET). Faster than rawRequest, for the many generated requests.
 */
export function send(base: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const body =
    request.body === undefined ? undefined : Buffer.from(request.body as string | Buffer);
  const headers = {
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...request.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { agent, host: hostname, port, method: request.method, path: request.target, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            flat[k] = ([] as string[]).concat(v ?? '').join(', ');
          resolve({
            status: res.statusCode ?? 0,
            headers: flat,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
