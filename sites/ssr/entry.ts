import { createApp } from 'astro/app/entrypoint';
// The text of the <script> that defines <astro-island>, as Astro inlines it into pages with islands.
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

const app = createApp();

/**
 * Renders one server-rendered shop page. The server has matched the URL against the route table (pl, en and ua
 * paths) and names the screen; its page is sites/pages/on-demand/<screen>/[...path].astro, rendered for the
 * request's own URL (Astro.url is the visitor's, so canonical and hreflang links come out right). The on-demand/
 * paths themselves are never requested: the server sends Astro only the table's paths.
 */
export function render(request: Request, screen: string, locals: App.Locals): Promise<Response> {
  const component = `sites/pages/on-demand/${screen}/[...path].astro`;
  const routeData = app.manifestData.routes.find((route) => route.component === component);
  if (!routeData) return Promise.resolve(new Response(null, { status: 404 }));
  return app.render(request, { locals, routeData });
}

/**
 * Every inline script a server-rendered page can contain: Astro writes the island runtime and one script per
 * hydration directive, nothing else (our pages have no inline scripts of their own). The build writes them into
 * dist/server/inline-scripts.html (sites/ssr/adapter.ts), where the CSP's hashing of dist/ finds them (decision 008).
 */
export function inlineScripts(): string[] {
  return [islandScript, ...app.manifest.clientDirectives.values()];
}
