// Colours come from the design tokens only (issue 33): a hex or named colour anywhere but the tokens' own sheets
// fails `npm run lint`. The <style> blocks of .astro files are read through postcss-html, so the rule holds there too.
/** @type {import('stylelint').Config} */
export default {
  ignoreFiles: ['dist/**', 'coverage/**', 'node_modules/**', '.astro/**', 'test-results/**'],
  rules: {
    'color-no-hex': true,
    'color-named': 'never',
  },
  overrides: [
    { files: ['**/*.astro'], customSyntax: 'postcss-html' },
    // The tokens themselves: the one place a colour is written as a value.
    {
      files: ['sites/styles/tokens.css', 'sites/brands/brand-tokens.css'],
      rules: { 'color-no-hex': null, 'color-named': null },
    },
  ],
};
