import { afterEach, beforeEach } from 'vitest';
import { hydrationErrors } from '../helpers/browser.ts';

// A hydration error in any page a browser test opened fails that test, whether or not it collects the page's errors
// itself: React recovers by drawing the island again, so nothing else would show it (decision 039).
beforeEach(() => {
  hydrationErrors.length = 0;
});

afterEach(() => {
  if (hydrationErrors.length > 0)
    throw new Error(`React could not hydrate the server's HTML:\n${hydrationErrors.splice(0).join('\n')}`);
});
