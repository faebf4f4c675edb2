import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { atom, map } from 'nanostores';
import { useStore } from './use-store.ts';

// React renders with useSyncExternalStore's server snapshot on the server and while it hydrates, so what
// renderToString shows here is what a hydrating island shows on its first render in the browser.
describe('useStore', () => {
  it("renders the store's initial value where the server's HTML is matched, whatever the store holds by then", () => {
    const $name = atom<string | null>(null);
    const $basket = map({ count: 0 });
    const Greeting = () => {
      const name = useStore($name);
      const { count } = useStore($basket);
      return createElement('span', null, `${name ?? 'Account'} ${count}`);
    };
    // The profile page's island has loaded the user and the basket before the navbar's island hydrates.
    $name.set('Jan');
    $basket.setKey('count', 3);
    expect(renderToString(createElement(Greeting))).toBe('<span>Account 0</span>');
  });
});
