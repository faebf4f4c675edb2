import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

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
      'app/paraglide/',
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
  {
    // Layering: routes and islands go through services; only services and db/ write queries.
    files: ['server/routes/**', 'app/**', 'server/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries belong in server/services.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
