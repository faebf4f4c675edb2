/** The parts of an OpenAPI 3.1 document the reference page reads. */
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  parameters?: { name?: string; in?: string; required?: boolean; schema?: unknown; $ref?: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> } | undefined>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const schemaBlock = (schema: unknown): string =>
  schema === undefined ? '' : `<pre>${escape(JSON.stringify(schema, null, 2))}</pre>`;

function operationHtml(path: string, method: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${escape(p.name ?? p.$ref ?? '')}</code> in ${escape(p.in ?? '')}${p.required ? ' (required)' : ''}${schemaBlock(p.schema)}</li>`,
    )
    .join('');
  const body = Object.entries(op.requestBody?.content ?? {})
    .map(([media, m]) => `<h4>Body <code>${escape(media)}</code></h4>${schemaBlock(m.schema)}`)
    .join('');
  const responses = Object.entries(op.responses ?? {})
    .map(
      ([status, r]) =>
        `<li><strong>${escape(status)}</strong> ${escape(r?.description ?? '')}${Object.values(r?.content ?? {})
          .map((m) => schemaBlock(m.schema))
          .join('')}</li>`,
    )
    .join('');
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
  return `<section class="op" id="${escape(id)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
${op.summary ? `<p>${escape(op.summary)}</p>` : ''}${op.description ? `<p>${escape(op.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body}
${responses ? `<h4>Responses</h4><ul>${responses}</ul>` : ''}
</section>`;
}

/**
 * A self-contained reference page (no scripts, no CDN: the CSP allows only our own origin) built
 * from the OpenAPI document, grouped by tag in the document's order.
 */
export function renderReference(doc: OpenApiDocument): string {
  const ops: { tag: string; path: string; method: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) ops.push({ tag: op.tags?.[0] ?? 'other', path, method, op });
    }
  }
  const tagOrder = [...(doc.tags ?? []).map((t) => t.name), ...new Set(ops.map((o) => o.tag))];
  const tags = [...new Set(tagOrder)].filter((t) => ops.some((o) => o.tag === t));
  const describe = (tag: string) => doc.tags?.find((t) => t.name === tag)?.description ?? '';
  const nav = tags
    .map(
      (tag) =>
        `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a><ul>${ops
          .filter((o) => o.tag === tag)
          .map(
            (o) =>
              `<li><a href="#${escape(`${o.method}-${o.path}`.replace(/[^a-zA-Z0-9]+/g, '-'))}">${o.method.toUpperCase()} ${escape(o.path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tags
    .map(
      (tag) =>
        `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2><p>${escape(describe(tag))}</p>${ops
          .filter((o) => o.tag === tag)
          .map((o) => operationHtml(o.path, o.method, o.op))
          .join('\n')}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} ${escape(doc.info.version)} — reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:minmax(14rem,20rem) 1fr;color:#1b1b1b}
nav{position:sticky;top:0;height:100vh;overflow:auto;padding:1rem;background:#f4f4f2;font-size:13px}
nav ul{list-style:none;padding-left:.8rem}main{padding:1rem 2rem;max-width:60rem}
.op{border-top:1px solid #ddd;padding:.5rem 0}.m{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#1f6feb}.post{background:#2da44e}.put{background:#9a6700}.patch{background:#8250df}.delete{background:#cf222e}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:12px;max-height:24rem}
@media (max-width:700px){body{display:block}nav{position:static;height:auto}}
</style>
</head>
<body>
<nav><strong>${escape(doc.info.title)}</strong><p><a href="/api/openapi.json">openapi.json</a></p><ul>${nav}</ul></nav>
<main><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
<p>${escape(doc.info.description ?? '')}</p>
${sections}
</main>
</body>
</html>`;
}
