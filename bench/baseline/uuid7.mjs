// Record ids as specrun makes them (UUIDv7, RFC 9562), so rows written by either server, or by
// the seeding, look alike and sort by creation time.
import { randomBytes } from 'node:crypto';

/** A UUIDv7 for the millisecond `ms`. */
export function uuid7(ms = Date.now()) {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
