/**
 * V8 flags every server process starts with (scripts/start.ts, `npm run serve`/`dev` in package.json, the
 * benchmarks; cluster workers inherit them). On a machine with plenty of RAM, Node 24 sizes V8's young generation
 * at 128 MB and keeps it: half the resident memory of an idle server process. The server's live heap is about
 * 40 MB and a request's garbage dies young, so a 16 MB young generation costs a few more, still short, scavenges
 * (decision 016). V8 reads these flags only at start-up: v8.setFlagsFromString in the process is too late.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=8',
  // Under steady load V8 lets the old generation grow to up to four times what the last full collection left alive
  // before it collects again: a worker with ~50 MB live sat at 285–300 MB of RSS in the soak (bench/soak.ts). A fixed
  // factor of 1.5 holds it at 175–190 MB for a few more, concurrent, full collections (decision 016, issue 39).
  '--heap-growing-percent=50',
  '--expose-gc',
  // The server's modules from sources stripped of their types beforehand (scripts/strip-types-ahead.ts): without
  // Node's own stripper loaded, a process holds 18 MB less (decision 035).
  `--import=${new URL('../scripts/load-stripped-types.mjs', import.meta.url).href}`,
];

/**
 * C library settings every server process starts with (scripts/start.ts, the benchmarks; cluster workers inherit
 * them); glibc reads them only when a process starts. By default malloc gives each thread that allocates (V8's
 * compiler and collector threads, libuv's pool) an arena of its own, and free() hands memory back only from the top
 * of an arena, above a threshold that rises to tens of MB as large blocks come and go. Measured on a server after
 * the benchmark: malloc held 46 MB by default, 32 MB with one arena and the threshold fixed at glibc's 128 kB; on
 * PGlite's first start (initdb), 380 → 274 MB of RSS. Values already in the environment win.
 */
export const SERVER_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '1', MALLOC_TRIM_THRESHOLD_: '131072' };
