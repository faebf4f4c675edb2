import { compileMessages } from '../../scripts/i18n-compile.ts';

// The islands' tests import the compiled messages (app/paraglide/), which are generated, not committed.
export default function setup(): void {
  compileMessages();
}
