import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The Content-Security-Policy and the rest of helmet's defaults, the same for every answer. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes its CSS variables in a style element.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      upgradeInsecureRequests: null,
    },
  },
} as const;

/**
 * The headers helmet sets with these options, worked out once: helmet's middleware writes them on
 * a response that only records them. Its options are fixed for the server's life (no nonce, no
 * per-route policy), so every answer gets the same set; @fastify/helmet instead rebuilt helmet's
 * middleware chain on every request, a tenth of a lean request's time (docs/decisions.md).
 */
export function helmetHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(HELMET_OPTIONS)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  // Helmet's middleware is synchronous for fixed options; anything else would leave answers bare.
  if (!finished) throw new Error('helmet did not set its headers at once');
  return Object.freeze(headers);
}
