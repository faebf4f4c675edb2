import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island only when the visitor starts to use it, so a page loads and becomes
 * interactive with no framework JavaScript run at all (Lighthouse counts any hydration at load as blocking time).
 * The island's server-rendered HTML is what the visitor sees and touches first; the first pointer, focus, key
 * or click on its trigger loads the island, and a click that came before the island was ready is replayed on the
 * same element once it is (hydration keeps the DOM nodes, so the element then has its handlers).
 *
 * The optional value is a CSS selector of the trigger, for an island that another one opens:
 * `<AggregatorModal client:interaction=".order-now" />` hydrates when the order-now button is first touched.
 * Only clicks inside the island itself are replayed.
 *
 * Astro builds this file on its own with esbuild and inlines it into pages that use the directive: it must not
 * import anything but types.
 */
const TRIGGERS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'click'] as const;

const interaction: ClientDirective = (load, options, island) => {
  const selector = typeof options.value === 'string' && options.value !== '' ? options.value : null;
  const trigger = (selector && document.querySelector(selector)) || island;
  let clicked: HTMLElement | null = null;
  let started = false;

  const onClick = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLElement && island.contains(target)) clicked = target;
  };
  const start = async (event: Event) => {
    if (event.type === 'click') onClick(event);
    if (started) return;
    started = true;
    for (const type of TRIGGERS) if (type !== 'click') trigger.removeEventListener(type, start, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      trigger.removeEventListener('click', start, true);
    }
    // hydrate() has created the island's React root, which listens from then on; React hydrates the island in a
    // transition, and a click on it before that has finished makes React hydrate it at once and then handle the
    // click. So the replayed click reaches the island's handlers either way.
    const target = clicked;
    clicked = null;
    if (target?.isConnected) target.click();
  };
  for (const type of TRIGGERS) trigger.addEventListener(type, start, { capture: true, passive: type !== 'click' });
};

export default interaction;
