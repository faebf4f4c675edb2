import { compileMessages } from '../../scripts/i18n-compile.ts';

// The compiled messages (i18n/paraglide/) are generated, not committed, and the islands' tests, the server (its
// e-mails and the brand contact form's answer) and so every API, PGlite and browser test import them.
export default function setup(): void {
  compileMessages();
}
