import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering fences of eslint.config.js (decision 015), checked the way `npm run lint` checks a file: small
 * snippets linted as if they lived at a path in each fenced area. A fence that stops working fails here.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const RESTRICTED = 'no-restricted-imports';
const NON_NULL = '@typescript-eslint/no-non-null-assertion';
const use = (name: string) => `\nexport const used = ${name};\n`;

// The first lintText loads the whole config (typescript-eslint, the Astro plugin): seconds on a busy machine.
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

  it('only the hot-path files decision 007 names import #db/raw.ts', async () => {
    const raw = `import { queryOf } from '#db/raw.ts';${use('queryOf')}`;
    expect(await rulesBroken('server/services/catalogue/menu.ts', raw)).toEqual([RESTRICTED]);
    expect(await rulesBroken('server/middleware/extra.ts', raw)).toEqual([RESTRICTED]);
    expect(
      await rulesBroken(
        'server/services/orders/extra.ts',
        `import { queryOf } from '../../../db/raw.ts';${use('queryOf')}`,
      ),
    ).toEqual([RESTRICTED]);
    for (const file of [
      'server/services/orders/place.ts',
      'server/services/orders/place/write.ts',
      'server/services/orders/bookkeeping.ts',
      'server/services/basket/priced.ts',
    ]) {
      expect(await rulesBroken(file, raw)).toEqual([]);
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
