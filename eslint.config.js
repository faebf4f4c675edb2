import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

// The import fences of the layers; the blocks at the end say which apply where.
const QUERIES = { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries belong in server/services.' };
const DATABASE = {
  regex: '^(#db/|(\\.\\./)+db/)',
  message: 'Routes and islands reach the database through a service in server/services.',
};
const RAW_SQL = {
  regex: '^(#db/|(\\.\\./)+db/|\\./)(raw|statements/[\\w-]+)\\.ts$',
  message:
    'Hand-written SQL is for the measured hot paths named in docs/decisions/007, 015, 016 and 036 only; use drizzle.',
};
const STORE_HOOK = {
  group: ['@nanostores/react'],
  importNames: ['useStore'],
  message: "Islands read stores through #app/stores/use-store.ts, which hydrates with the server's value.",
};
const SERVICES = {
  regex: '^(#server/services/|(\\.\\./)+server/services/)',
  message: 'Islands type answers from the typed client (#app/api-types.ts), never from the server’s services.',
};
const FRONT_END = {
  regex: '^(#app/|(\\.\\./)+(app|sites)/)',
  message:
    'The server does not import the front end: shared words live in i18n/ (decision 010), shared rules in server/domain.',
};
const HTTP = {
  group: ['hono', 'hono/*', '@hono/*'],
  message: 'Services do not see HTTP: the route or a middleware reads cookies and headers and passes values.',
};
// A hex colour written in the front end's code: colours come from the tokens (decision 065), as var() in CSS or,
// where only a value will do (a canvas, a chart), read from them (#app/admin/token-colour.ts). A brand's configured
// colours are data from tenants/, not literals here.
const HEX = String.raw`/(^|[\s:,(='"])#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})(?![\w-])/`;
const HEX_COLOURS = [`Literal[value=${HEX}]`, `TemplateElement[value.raw=${HEX}]`].map((selector) => ({
  selector,
  message: 'A colour comes from a token (sites/styles/tokens.css): var(--token) in CSS, tokenColour() in a canvas.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.data/',
      '.astro/',
      'coverage/',
      'db/migrations/',
      'sites/paraglide/',
      'i18n/paraglide/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Layering (decision 015). no-restricted-imports takes one list per file, the last block that matches wins, so
  // each block below names every fence of its area.
  {
    // Hand-written SQL only on the hot paths that decisions 007, 015, 016 and 036 name (the exemptions below).
    rules: { 'no-restricted-imports': ['error', { patterns: [RAW_SQL] }] },
  },
  {
    // Services take plain values (ids, cookies' contents, the actor), so every caller can use them.
    // The server and the words it shares with the islands never reach into the front end.
    files: ['server/**', 'i18n/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RAW_SQL, FRONT_END] }] },
  },
  {
    files: ['server/services/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RAW_SQL, HTTP, FRONT_END] }] },
  },
  {
    // Routes and islands go through services; only services and db/ write queries.
    files: ['server/routes/**', 'server/domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [QUERIES, DATABASE, RAW_SQL, STORE_HOOK, FRONT_END] }] },
  },
  {
    files: ['sites/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [QUERIES, DATABASE, RAW_SQL, STORE_HOOK] }],
      'no-restricted-syntax': ['error', ...HEX_COLOURS],
    },
  },
  {
    // Islands know the API by its contract (the typed client, #app/api-types.ts, #app/api-answer.ts).
    files: ['app/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [QUERIES, DATABASE, RAW_SQL, STORE_HOOK, SERVICES] }],
      // A message named by a computed key keeps the whole catalogue in the island's bundle (decision 010).
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[computed=true][object.name='m']",
          message: 'Name each message on its own (m.some_message): a computed name ships the whole catalogue.',
        },
        ...HEX_COLOURS,
      ],
    },
  },
  {
    files: ['app/stores/use-store.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [QUERIES, DATABASE, RAW_SQL, SERVICES] }] },
  },
  {
    // The documented exceptions, by folder: the hot paths in hand-written SQL (decision 007) — the basket (decisions 016,
    // 020, 032), placing an order, the bookkeeping writes it shares with change-status (decision 015) and the order
    // view (decision 036). Their statements are declared in db/statements/ (issue 32).
    files: ['server/services/basket/**', 'server/services/orders/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [HTTP, FRONT_END] }] },
  },
  {
    // A non-null assertion is a guess the typechecker cannot check; narrow the value instead.
    files: ['server/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ['**/*.test.ts', 'tests/**', 'db/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
