import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layering fences of eslint.config.js (decision 015), checked the way `npm run lint` checks a file: small
 * snippets linted as if they lived at a path in each fenced area. A fence that stops working fails here.
 */
const root = path.resolve(import.meta.dirname, '..');

/** The TypeScript files under `folder` (relative to the root), tests left out. */
const sourceFiles = (folder: string): string[] =>
  readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(folder, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [path.join(folder, entry.name)]
        : [],
  );

const eslint = new ESLint({ cwd: root });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const RESTRICTED = 'no-restricted-imports';
const NON_NULL = '@typescript-eslint/no-non-null-assertion';
const use = (name: string) => `\nexport const used = ${name};\n`;

// The first lint loads the config, the TypeScript parser and every plugin: seconds on a busy machine.
describe('lint fences', { timeout: 60_000 }, () => {
  it.each([
    ['a route', 'server/routes/orders/extra.ts'],
    ['an island', 'app/components/Extra.tsx'],
    ['a store', 'app/stores/extra.ts'],
  ])('%s does not import #db/* or drizzle', async (_what, file) => {
    expect(await rulesBroken(file, `import { orders } from '#db/schema/index.ts';${use('orders')}`)).toEqual([
      RESTRICTED,
    ]);
    expect(await rulesBroken(file, `import { Db } from '../../db/client.ts';${use('Db')}`)).toEqual([RESTRICTED]);
    expect(await rulesBroken(file, `import { eq } from 'drizzle-orm';${use('eq')}`)).toEqual([RESTRICTED]);
  });

  it('a service does not import hono', async () => {
    const file = 'server/services/basket/extra.ts';
    expect(await rulesBroken(file, `import { getCookie } from 'hono/cookie';${use('getCookie')}`)).toEqual([
      RESTRICTED,
    ]);
    expect(await rulesBroken(file, `import { Hono } from 'hono';${use('Hono')}`)).toEqual([RESTRICTED]);
    // …while the database is what services are for.
    expect(await rulesBroken(file, `import { baskets } from '#db/schema/index.ts';${use('baskets')}`)).toEqual([]);
  });

  it('only the hot paths decision 007 names, by folder, import #db/raw.ts and the declared statements', async () => {
    const raw = `import { queryOf } from '#db/raw.ts';${use('queryOf')}`;
    const statements = `import { priceBasket } from '#db/statements/basket.ts';${use('priceBasket')}`;
    expect(await rulesBroken('server/services/catalogue/menu.ts', raw)).toEqual([RESTRICTED]);
    expect(await rulesBroken('server/services/catalogue/menu.ts', statements)).toEqual([RESTRICTED]);
    expect(await rulesBroken('server/middleware/extra.ts', raw)).toEqual([RESTRICTED]);
    expect(
      await rulesBroken(
        'server/services/admin/extra.ts',
        `import { queryOf } from '../../../db/raw.ts';${use('queryOf')}`,
      ),
    ).toEqual([RESTRICTED]);
    for (const file of [
      'server/services/orders/place.ts',
      'server/services/orders/place/write.ts',
      'server/services/orders/extra.ts',
      'server/services/basket/priced.ts',
      'server/services/basket/extra.ts',
    ]) {
      expect(await rulesBroken(file, raw)).toEqual([]);
      expect(await rulesBroken(file, statements)).toEqual([]);
    }
    // The exemption is for SQL, not for HTTP.
    expect(await rulesBroken('server/services/orders/place.ts', `import { Hono } from 'hono';${use('Hono')}`)).toEqual([
      RESTRICTED,
    ]);
  });

  it('no non-null assertions in server/ (tests may use them)', async () => {
    const code = `export const first = (list: string[]) => list[0]!.trim();\n`;
    for (const file of ['server/services/orders/extra.ts', 'server/routes/extra.ts', 'server/domain/extra.ts']) {
      expect(await rulesBroken(file, code)).toEqual([NON_NULL]);
    }
    expect(await rulesBroken('server/domain/extra.test.ts', code)).toEqual([]);
  });
});

/**
 * The project's import graph as the source spells it: every `import … from`, `export … from` and `import('…')`
 * (type-only ones too, since a type import is still a dependency a reader follows) of the TypeScript files under server/, resolved
 * through package.json's `imports` aliases. Paths are relative to the project root.
 */
function importGraph(): Map<string, string[]> {
  const aliases = Object.entries(
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports,
  ).map(([alias, target]) => [alias.replace('*', ''), target.replace('*', '')] as const);
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file) || !existsSync(path.join(root, file))) return;
    const source = readFileSync(path.join(root, file), 'utf8');
    const targets: string[] = [];
    const specifiers = [
      ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*'([^']+)'/g),
      ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
    ].map((match) => match[1] ?? '');
    for (const specifier of specifiers) {
      const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
      const resolved = alias
        ? path.join(alias[1], specifier.slice(alias[0].length))
        : specifier.startsWith('.')
          ? path.join(path.dirname(file), specifier)
          : null;
      if (resolved?.endsWith('.ts')) targets.push(path.normalize(resolved));
    }
    graph.set(file, targets);
    targets.forEach(visit);
  };
  sourceFiles('server').forEach(visit);
  return graph;
}

/** Every module `from` reaches by its imports, itself excluded unless a cycle leads back to it. */
function reachable(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.get(from) ?? [])];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

describe('the context module is a leaf (issue 12)', () => {
  const graph = importGraph();
  const isEdge = (file: string) =>
    file === 'server/app.ts' || file.startsWith('server/routes/') || file.startsWith('server/middleware/');

  it('server/context.ts reaches neither app.ts nor any route or middleware, even through a type', () => {
    // The parser sees what this file imports: a regression here means the graph went blind, not that all is well.
    expect(graph.get('server/context.ts')).toContain('db/client.ts');
    expect([...reachable(graph, 'server/context.ts')].filter(isEdge)).toEqual([]);
  });

  it('server/context.ts imports nothing from server/ but the pure domain and the payment providers’ interface, a leaf too', () => {
    // Whatever it imports, directly or through another module (a type import counts): a type it needs from
    // elsewhere in server/ moves into it, or into a leaf named here that imports nothing from server/ but the
    // domain. The domain is the one layer below it, and one the database schema's types reach anyway.
    const leaves = ['server/services/payments/provider.ts'];
    const reached = [...reachable(graph, 'server/context.ts')].filter(
      (file) => file.startsWith('server/') && !file.startsWith('server/domain/'),
    );
    expect(reached.sort()).toEqual(leaves);
    expect(graph.get('server/context.ts')).toEqual(expect.arrayContaining(leaves));
  });

  it('nothing app.ts mounts imports app.ts back: no import cycle runs through it', () => {
    expect(graph.get('server/app.ts')).toContain('server/routes/index.ts');
    expect(reachable(graph, 'server/app.ts').has('server/app.ts')).toBe(false);
    // Only the process's entry point builds the app.
    expect([...graph].filter(([, targets]) => targets.includes('server/app.ts')).map(([file]) => file)).toEqual([
      'server/main.ts',
    ]);
  });

  it('services import no route or middleware', () => {
    const wrong = [...graph]
      .filter(([file]) => file.startsWith('server/services/'))
      .flatMap(([file, targets]) => targets.filter(isEdge).map((target) => `${file} -> ${target}`));
    expect(wrong).toEqual([]);
  });
});

/**
 * Decision 015's one shape: a service is `verb(ctx, input)`. Its first parameter is never a bare database handle
 * (`db: Db`) nor a Hono `Context`; a step that runs inside its caller's transaction takes that transaction (`tx:
 * Tx`, or `Db | Tx` when it also runs alone). The exceptions below are named with their reason, and each must
 * still need its exception, so the list only shrinks.
 */
const SHAPE_EXCEPTIONS: Record<string, string> = {
  'server/services/admin/lists/count-cache.ts cachedCount': 'a cache helper of the list readers, not a verb',
  'server/services/catalogue/restaurants.ts hoursByRestaurant': 'a query part the catalogue readers share',
  'server/services/catalogue/restaurants.ts restaurantSummaries': 'a query part, takes a drizzle condition',
  'server/services/orders/events.ts canListen': 'LISTEN/NOTIFY adapter: bound to one connection pool',
  'server/services/orders/events.ts subscribeToOrder': 'LISTEN/NOTIFY adapter: bound to one connection pool',
  'server/services/orders/events.ts subscribeToAllOrders': 'LISTEN/NOTIFY adapter: bound to one connection pool',
  'server/services/orders/events.ts transactionAnnouncing': 'opens the transaction its work runs in, then announces',
};

function exportedFunctions(): { name: string; first: string }[] {
  return sourceFiles('server/services').flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    return source.statements.flatMap((statement) =>
      ts.isFunctionDeclaration(statement) &&
      statement.name &&
      statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
        ? [{ name: `${file} ${statement.name.text}`, first: statement.parameters[0]?.type?.getText(source) ?? '' }]
        : [],
    );
  });
}

describe('one service shape (decision 015)', () => {
  const functions = exportedFunctions();
  const offends = (first: string) => first === 'Db' || /^Context\b/.test(first);

  it('no exported function in server/services takes a bare Db or a Hono Context first', () => {
    // The parser sees the services: a regression here means the scan went blind, not that all is well.
    expect(functions.map((f) => f.name)).toContain('server/services/orders/place.ts placeOrder');
    const wrong = functions.filter((f) => offends(f.first) && !(f.name in SHAPE_EXCEPTIONS)).map((f) => f.name);
    expect(wrong).toEqual([]);
  });

  it('every exception still needs its exception', () => {
    const needed = new Set(functions.filter((f) => offends(f.first)).map((f) => f.name));
    expect(Object.keys(SHAPE_EXCEPTIONS).filter((name) => !needed.has(name))).toEqual([]);
  });
});
