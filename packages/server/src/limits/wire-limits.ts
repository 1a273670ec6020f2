import { ENGINE_LIMITS, type AppModel } from '@specrun/model';

/** How long a connection may take over each part of its life, in milliseconds. */
export interface WireLimits {
  /** To send a request's headers (Node's headersTimeout): a slowloris is cut off here. */
  headersTimeoutMs: number;
  /** To send a whole request, body included (requestTimeout): a trickled body is cut off here. */
  requestTimeoutMs: number;
  /** Idle between two requests of a kept-alive connection (keepAliveTimeout). */
  keepAliveTimeoutMs: number;
  /** Without a byte either way while a request is served (the socket's timeout). */
  idleTimeoutMs: number;
}

function milliseconds(model: AppModel, name: string): number {
  const declared = model.constants.find((c) => c.name === name)?.value;
  const value = declared?.kind === 'number' ? declared : ENGINE_LIMITS[name]?.value;
  if (value?.kind !== 'number') throw new Error(`${name} is not a number`);
  // There is no "off": a timeout below a second would cut off every client, so it is a second.
  return Math.max(1000, Math.round(value.value * 1000));
}

/** Reads the timeouts of section 9 once, at start. */
export function wireLimits(model: AppModel): WireLimits {
  const requestTimeoutMs = milliseconds(model, 'REQUEST_TIMEOUT_SECONDS');
  const headersTimeoutMs = milliseconds(model, 'HEADERS_TIMEOUT_SECONDS');
  return {
    // Headers are part of the request: Node refuses a headers timeout longer than the request's.
    headersTimeoutMs: Math.min(headersTimeoutMs, requestTimeoutMs),
    requestTimeoutMs,
    keepAliveTimeoutMs: milliseconds(model, 'KEEP_ALIVE_TIMEOUT_SECONDS'),
    idleTimeoutMs: milliseconds(model, 'IDLE_TIMEOUT_SECONDS'),
  };
}
