// A process's CPU time as Linux accounts it: robust on a shared machine, where the clock time of
// a run moves with the others' load and its CPU time much less.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (100 on most systems). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** User and system CPU time of process `pid`, every thread, in microseconds (10 ms steps). */
export function processCpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND;
}

/** Now on the monotonic clock, in microseconds: the clock of V8's CPU profiles on Linux. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
