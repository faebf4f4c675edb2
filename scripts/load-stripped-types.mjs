// Loaded with --import before the server (SERVER_NODE_FLAGS): its TypeScript modules come from sources stripped of
// their types ahead of time (scripts/strip-types-ahead.ts), so the server process never loads Node's own type
// stripper, swc compiled to WebAssembly, which held 18 MB of every server process's memory (decision 035). Plain
// JavaScript, as anything it loaded in TypeScript would load the stripper. A module without a current stripped copy
// (edited since, or never stripped: `npm run dev`) is stripped by Node as before.
import { readFileSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = fileURLToPath(new URL('../node_modules/.cache/stripped-types/', import.meta.url));

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && url.endsWith('.ts')) {
      const file = fileURLToPath(url);
      const copy = path.join(cache, `${path.relative(root, file)}.js`);
      try {
        // The copy carries the modification time of the source it was made from (to the millisecond).
        if (statSync(copy).mtime.getTime() === statSync(file).mtime.getTime())
          return { format: 'module', source: readFileSync(copy, 'utf8'), shortCircuit: true };
      } catch {
        // no copy: Node strips the module itself
      }
    }
    return nextLoad(url, context);
  },
});
