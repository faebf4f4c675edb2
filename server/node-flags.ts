/**
 * V8 flags every server process starts with (scripts/start.ts, `npm run serve`/`dev` in package.json, the
 * benchmarks; cluster workers inherit them). On a machine with plenty of RAM, Node 24 sizes V8's young generation
 * at 128 MB and keeps it: half the resident memory of an idle server process. The server's live heap is about
 * 40 MB and a request's garbage dies young, so a 16 MB young generation costs a few more, still short, scavenges
 * (decision 016). V8 reads these flags only at start-up: v8.setFlagsFromString in the process is too late.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--expose-gc'];
