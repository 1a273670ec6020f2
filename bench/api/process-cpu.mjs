// A process's CPU time as Linux accounts it: robust on a shared machine, where the clock time of
// a run moves with the others' load and its CPU time much less.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (100 on most systems). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** The name and the user and system CPU time in microseconds of a /proc stat line. */
function readStat(stat) {
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return { name, micros: ((utime + stime) * 1_000_000) / TICKS_PER_SECOND };
}

/** User and system CPU time of process `pid`, every thread, in microseconds (10 ms steps). */
export function processCpuMicros(pid) {
  return readStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).micros;
}

/**
 * The same by kind of thread: the main thread (`main`, the one JavaScript runs on) and the others
 * by the name Linux gives them (Node's own are all `node`: V8's helpers that collect garbage and
 * compile, libuv's pool). Threads that ended are left out.
 */
export function threadCpuMicros(pid) {
  const byName = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = readStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
    } catch {
      continue; // ended meanwhile
    }
    const name = tid === String(pid) ? 'main' : stat.name;
    byName[name] = (byName[name] ?? 0) + stat.micros;
  }
  return byName;
}

/** Now on the monotonic clock, in microseconds: the clock of V8's CPU profiles on Linux. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
