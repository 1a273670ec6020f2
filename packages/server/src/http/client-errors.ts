import type { Catalogue } from '@specrun/model';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { problem } from '../catalogue/problem.js';

/** What Node's HTTP parser says when it cannot read a request. */
type ParserError = Error & { code?: string };

const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW', 'HPE_URI_TOO_LONG']);

/**
 * Answers requests that Node's HTTP parser refuses before Fastify sees them (a raw byte above
 * 0x7f in the path, a request line or headers over the limit) with the same BAD_REQUEST problem
 * document as every other client mistake, instead of Node's bare `400` or an empty `431`; and a
 * request that took longer to arrive than the headers or request timeout with REQUEST_TIMEOUT.
 * Nothing can follow on such a connection, so it is closed once the answer is out, whether or
 * not the client ever ends its side. Each is logged, as a request that reached a route is.
 */
export function clientErrors(catalogue: Catalogue) {
  return function (this: FastifyInstance, error: ParserError, socket: Socket): void {
    this.log.info({ clientError: error.code ?? 'unknown' }, 'connection cut off');
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const resolved = catalogue.resolve(timedOut ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST');
    const detail = timedOut
      ? 'The request did not arrive in time: send its headers and body without pausing.'
      : TOO_LARGE.has(error.code ?? '')
        ? 'The request line or its headers are too large.'
        : 'The request could not be read as HTTP: check the path for characters that need encoding.';
    const body = JSON.stringify(problem(resolved.code, resolved.status, detail));
    socket.end(
      `HTTP/1.1 ${resolved.status} ${timedOut ? 'Request Timeout' : 'Bad Request'}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
  };
}
