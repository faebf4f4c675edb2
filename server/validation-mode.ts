import { configure } from 'arktype/config';

// arktype compiles each type into a JavaScript function as it is defined, its built-in keywords included as soon as
// `arktype` is imported: 12.7 MB of live heap for the library alone, the server's own types on top (live heap after
// start-up 54 → 37 MB without). Checking by walking the type instead cost no server CPU per request beyond the noise
// (add to basket 280/281 → 308/244 µs, place order 688/701 → 753/667 µs, runs taken in turn; decision 035). It takes
// effect only for types defined after it: the server imports this module before anything that imports `arktype`,
// and the tests load it as a setup file, so that they check what production runs.
configure({ jitless: true });
