import { apiBase } from '#app/api-base.ts';
import { $liveAvailability } from './live-menu.ts';

/**
 * The restaurant page follows its dishes' availability live (issue 35, decision 064): when the kitchen runs out of an
 * ingredient, the dishes using it show "temporarily unavailable" within a second or two, without a reload, and come
 * back when it does. A plain module script, not the menu island (which hydrates only on the first touch): it marks a
 * dish's card with `data-out`, an attribute React does not render, so hydration and the island's own renders leave
 * it alone; CSS (MenuSection.astro) hides the card's price and "+" and shows the label. The basket and checkout
 * refuse such a dish anyway (productUnavailable). Once hydrated, the island renders from `$liveAvailability` itself:
 * a dish rendered unavailable gets its "+" back, and an open dialog follows its options. Before that, such a dish
 * has no "+" to bring back: it comes with the first touch, which hydrates the island.
 */
export function followAvailability(menu: HTMLElement): () => void {
  const restaurant = menu.dataset['liveAvailability'];
  if (!restaurant || typeof EventSource === 'undefined') return () => {};
  const label = menu.dataset['outLabel'] ?? '';
  const source = new EventSource(`${apiBase()}/api/restaurants/${restaurant}/availability/events`);
  source.addEventListener('availability', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as { items: number[]; options: number[] };
    const out = new Set(data.items);
    $liveAvailability.set({ items: out, options: new Set(data.options) });
    // A card rendered unavailable already says so: marking it too would add a second label and move the page.
    // The island's own renders mark a card it has made unavailable with the class: the attribute then goes.
    for (const card of menu.querySelectorAll<HTMLElement>('li[data-item-id]')) {
      if (card.classList.contains('unavailable')) {
        card.removeAttribute('data-out');
        continue;
      }
      const off = out.has(Number(card.dataset['itemId']));
      if (off === card.hasAttribute('data-out')) continue;
      if (off) card.setAttribute('data-out', label);
      else card.removeAttribute('data-out');
    }
  });
  return () => source.close();
}
