// Colours, spacing and radii come from the design tokens only (issue 33, decision 065): a hex or named colour anywhere
// but the tokens' own sheets, or a length written into a margin, padding, gap, inset or border radius, fails
// `npm run lint`. The <style> blocks of .astro files are read through postcss-html, so the rules hold there too.

// A length in an absolute or font-relative unit, not part of a name (`var(--space-4)`, `--radius-2px` pass). 0, auto,
// percentages, viewport units (the `4vw` of a clamp between two tokens) and var()/calc() of tokens are allowed.
const LENGTH = /(^|[^\w-])-?(\d+\.?\d*|\.\d+)(px|rem|em|ex|ch|pt|pc|cm|mm|in|q|lh|rlh|cap|ic)\b/i;
const SPACED =
  /^(margin|padding|inset|scroll-margin|scroll-padding)(-.+)?$|^(gap|row-gap|column-gap|top|right|bottom|left)$|^border(-.+)?-radius$/;

/** @type {import('stylelint').Config} */
export default {
  ignoreFiles: ['dist/**', 'coverage/**', 'node_modules/**', '.astro/**', 'test-results/**'],
  rules: {
    'color-no-hex': true,
    'color-named': 'never',
    'declaration-property-value-disallowed-list': [
      { [`/${SPACED.source}/`]: [LENGTH] },
      {
        message: (property, value) =>
          `"${property}: ${value}": take the length from a token (sites/styles/shape-tokens.css)`,
      },
    ],
  },
  overrides: [
    { files: ['**/*.astro'], customSyntax: 'postcss-html' },
    // The tokens themselves: the one place a colour or a length is written as a value.
    {
      files: ['sites/styles/tokens.css', 'sites/brands/brand-tokens.css', 'sites/styles/shape-tokens.css'],
      rules: { 'color-no-hex': null, 'color-named': null, 'declaration-property-value-disallowed-list': null },
    },
    // The kitchen ticket is laid out in millimetres of 80 mm receipt paper, printed at its physical size: a screen's
    // spacing scale has no meaning there.
    { files: ['app/admin/tickets/tickets.css'], rules: { 'declaration-property-value-disallowed-list': null } },
  ],
};
