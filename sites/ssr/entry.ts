import { createApp } from 'astro/app/entrypoint';
// @ts-expect-error Astro ships this prebuilt runtime without types: the text of the <script> that defines <astro-island>.
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

const app = createApp();

/**
 * Renders one server-rendered shop page. The server has matched the URL against the route table already and names
 * the screen, whose page file is sites/pages/[...<screen>].astro; every such file is a catch-all, so Astro's own
 * matching could not tell them apart.
 */
export function render(request: Request, screen: string, locals: App.Locals): Promise<Response> {
  const routeData = app.manifestData.routes.find((route) => route.component === `sites/pages/[...${screen}].astro`);
  if (!routeData) return Promise.resolve(new Response(null, { status: 404 }));
  return app.render(request, { locals, routeData });
}

/**
 * Every inline script a server-rendered page can contain: Astro writes the island runtime and one script per
 * hydration directive, nothing else (our pages have no inline scripts of their own). The build writes them into
 * dist/server/inline-scripts.html (sites/ssr/adapter.ts), where the CSP's hashing of dist/ finds them (decision 008).
 */
export function inlineScripts(): string[] {
  return [islandScript as string, ...app.manifest.clientDirectives.values()];
}
