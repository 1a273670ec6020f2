import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

// Random bytes are drawn from the system in batches: one call per 256 ids rather than two per id.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomBytes(n: number): Buffer {
  if (poolAt + n > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolAt, poolAt + n));
  poolAt += n;
  return bytes;
}

/**
 * A new record id: a UUIDv7 (RFC 9562), so ids sort by creation time and index well. Within one
 * millisecond the 12-bit rand_a field counts up, keeping ids from one process in order.
 */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    sequence = randomBytes(2).readUInt16BE() & 0x7ff;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
