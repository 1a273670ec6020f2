/** A server whose acknowledged writes must survive a SIGKILL. */
export interface CrashTarget {
  /** Starts the server on its data (the same every time); answers its base URL. */
  start(): Promise<{ base: string; kill(): Promise<void> }>;
  /** Sends one write; true when the server acknowledged it (201). */
  write(base: string, name: string): Promise<boolean>;
  /** The names stored, read from the database file with the server dead. */
  stored(): Set<string>;
  /** The database's integrity check: 'ok' when sound. */
  integrity(): string;
}

/** What the kills found. */
export interface CrashFindings {
  kills: number;
  acknowledged: number;
  attempted: number;
  /** Acknowledged writes missing after the kill. */
  lost: string[];
  /** Integrity checks that did not answer ok. */
  damaged: string[];
}

const WRITERS = 8;

async function writer(target: CrashTarget, base: string, prefix: string, acked: string[]) {
  let attempted = 0;
  for (let n = 0; ; n++) {
    const name = `${prefix}-${n}`;
    attempted += 1;
    // A refused or cut connection is an unacknowledged write: the server is down.
    const ok = await target.write(base, name).catch(() => undefined);
    if (ok === undefined) return attempted;
    if (ok) acked.push(name);
  }
}

/**
 * Starts the target `kills` times; each time WRITERS clients write as fast as it answers, and
 * after a random 30–300 ms (once something was acknowledged) the process gets SIGKILL. Then,
 * with the server dead, every acknowledged write must be in the file and the file sound.
 * `stopEarly` ends the run at the first loss (for the control, which must be caught).
 */
export async function killUnderWrites(
  target: CrashTarget,
  kills: number,
  stopEarly = false,
): Promise<CrashFindings> {
  const findings: CrashFindings = {
    kills: 0,
    acknowledged: 0,
    attempted: 0,
    lost: [],
    damaged: [],
  };
  for (let k = 0; k < kills; k++) {
    const server = await target.start();
    const acked: string[] = [];
    const writers = Array.from({ length: WRITERS }, (_, w) =>
      writer(target, server.base, `k${k}-w${w}`, acked),
    );
    const deadline = Date.now() + 5000;
    while (acked.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 30 + Math.random() * 270));
    await server.kill();
    findings.attempted += (await Promise.all(writers)).reduce((a, b) => a + b, 0);
    findings.kills += 1;
    findings.acknowledged += acked.length;
    const stored = target.stored();
    findings.lost.push(...acked.filter((name) => !stored.has(name)));
    const integrity = target.integrity();
    if (integrity !== 'ok') findings.damaged.push(`kill ${k}: ${integrity}`);
    if (stopEarly && findings.lost.length > 0) break;
  }
  return findings;
}
