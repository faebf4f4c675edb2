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
