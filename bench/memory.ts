// Resident memory of a server and the processes it forked (WEB_CONCURRENCY > 1), read from /proc (Linux).
import { readFileSync, readdirSync } from 'node:fs';

/** Resident set size in MB, or null when the process is gone or /proc is not there. */
export function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** The process and every descendant, each with its resident memory. */
export function processTreeRss(pid: number): { pid: number; rssMb: number | null }[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (list) children.push(...list.split(/\s+/).map(Number));
    }
  } catch {
    // gone, or no /proc
  }
  return [{ pid, rssMb: rssMb(pid) }, ...children.flatMap((child) => processTreeRss(child))];
}

/** CPU time (user + system) a process has used so far, in ms, or 0 when it is gone (Linux: /proc, 100 ticks/s). */
export function cpuMs(pid: number): number {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  } catch {
    return 0;
  }
}

/** The CPU ms of each process in the list and its descendants, summed. */
export function treeCpuMs(pids: number[]): number {
  return pids.flatMap((pid) => processTreeRss(pid)).reduce((sum, p) => sum + cpuMs(p.pid), 0);
}
