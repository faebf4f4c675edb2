// The nginx configuration in front of several server processes (README "Operating it", decision 047), generated for a
// given build folder and given servers: the paths and ports differ between a laptop, CI and production.
//
//   set -a && . /etc/marketplace.env && set +a
//   npm run deploy:nginx -- --listen 80 --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002 \
//     --dist /srv/marketplace/dist > /etc/nginx/conf.d/marketplace.conf
//
// The file is read where nginx reads http-level configuration (Debian: /etc/nginx/conf.d/). nginx serves the built
// files itself, with the headers the server would have sent (the same Content-Security-Policy per host, read from
// the same build, and the same security headers), and passes everything else to the servers.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Env, HostKind } from '#server/context.ts';
import type { Tenant } from '#tenants/schema.ts';
import { contentSecurityPolicies } from '#server/content-security-policy.ts';
import { securityHeaders, type Header } from '#server/response-headers.ts';
import { CONTENT_TYPES } from '#server/static-files.ts';
import { MAX_BODY_BYTES } from '#server/middleware/body-limit.ts';

export type NginxOptions = {
  /** What `listen` says: a port, or an address and port (`127.0.0.1:8080`). */
  listen: string;
  /** The server processes, `host:port` each. */
  upstreams: string[];
  /** The build the servers serve (DIST_DIR), as an absolute path nginx can read. */
  distDir: string;
  /** The servers' configuration: their hosts, and what their headers depend on. */
  env: Env;
  tenants: Tenant[];
  /** Whether a real provider takes Google Pay (the CSP and the opener policy allow Google's sheet then). */
  googlePay: boolean;
  /**
   * Answers passed from a server carry X-Served-By: the server's address (the last one, when nginx tried several).
   * For `npm run deploy:local` and the tests, which show and check the alternation; not for production.
   */
  servedBy?: boolean;
};

/** A value as nginx reads it: quoted, with the quote and backslash escaped. */
const quote = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

// Where the event streams are: each answers Server-Sent Events for as long as the screen is open.
const EVENT_STREAMS = '^/api/.+/events$';

/**
 * The http-level configuration: the upstream of the servers and one server block per kind of host (shop, survey,
 * each brand, and a default one for any other host, answered by the servers as they answer it).
 */
export function nginxSite(options: NginxOptions): string {
  const { env, tenants } = options;
  const dist = path.resolve(options.distDir);
  const policyFor = contentSecurityPolicies(dist, tenants, {
    googlePay: options.googlePay,
    surveyFormUrl: env.surveyFormUrl,
  });
  const security = securityHeaders({
    crossOriginOpenerPolicy: options.googlePay ? 'same-origin-allow-popups' : 'same-origin',
    strictTransportSecurity: env.nodeEnv === 'production' ? 'max-age=31536000; includeSubDomains' : false,
  });
  const fileHeaders = (host: HostKind) =>
    [
      ...security,
      ['Content-Security-Policy', policyFor(host)] as Header,
      ['Cache-Control', '$marketplace_cache_control'] as Header,
    ]
      .map(([name, value]) => `    add_header ${name} ${quote(value)} always;`)
      .join('\n');
  const types = Object.entries(CONTENT_TYPES)
    .map(([extension, type]) => `    ${type.split(';')[0]} ${extension.slice(1)};`)
    .join('\n');
  const charsetTypes = [
    ...new Set(
      Object.values(CONTENT_TYPES)
        // text/html always is.
        .filter((type) => type.includes('charset=') && !type.startsWith('text/html'))
        .map((type) => type.split(';')[0]),
    ),
  ].join(' ');

  const proxyPass = options.servedBy
    ? 'proxy_pass http://marketplace;\n    add_header X-Served-By $upstream_addr always;'
    : 'proxy_pass http://marketplace;';
  const serverBlock = (names: string[], body: string, defaultServer = false) => `
server {
  listen ${options.listen}${defaultServer ? ' default_server' : ''};
  ${names.length > 0 ? `server_name ${names.join(' ')};` : 'server_name _;'}
  root ${quote(dist)};
  types {
${types}
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types ${charsetTypes};
  gzip on;
  gzip_vary on;
  gzip_min_length 1024;
  gzip_types ${[...new Set(Object.values(CONTENT_TYPES).map((t) => t.split(';')[0]))]
    .filter(
      (t) => t !== 'text/html' && /^(?:text\/|application\/(?:json|xml|manifest\+json)|image\/svg\+xml)/.test(t ?? ''),
    )
    .join(' ')};
  # The servers refuse bodies above ${MAX_BODY_BYTES} bytes with their own answer: nginx lets such a body through to them.
  client_max_body_size ${Math.ceil((MAX_BODY_BYTES * 2) / 1024)}k;

  # What every request passed to the servers carries. Host as the client sent it (the servers tell the shop, the
  # survey and the brands apart by it, and compare it with Origin); the client's address appended to
  # X-Forwarded-For, which the servers read with TRUST_PROXY=1; a request id they log.
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_set_header X-Request-Id $request_id;
  # A server that refuses the connection (stopped, starting), drops it unanswered, or answers 503 (draining: it
  # started nothing) passes the request to the next server, a POST included: the servers never answer 503 to a
  # request they have acted on, and an order is placed under an Idempotency-Key besides (decision 047).
  proxy_next_upstream error timeout http_503 non_idempotent;
  proxy_next_upstream_tries ${options.upstreams.length + 1};
  proxy_next_upstream_timeout 15s;
  proxy_connect_timeout 2s;
  proxy_read_timeout 60s;

  # The servers' own URL rules (double slashes, the letter a-ogonek) need the address as the client sent it.
  error_page 418 = @app;
  if ($marketplace_url_rule) { return 418; }
${body}
  location ~ ${EVENT_STREAMS} {
    # Server-Sent Events: each event goes out as it comes, and a screen stays open for hours (the servers send a
    # comment every 15 s when nothing changes).
    ${proxyPass}
    proxy_buffering off;
    proxy_cache off;
    proxy_read_timeout 1h;
  }
  # Not ^~: the event streams' regular expression above must still win for their paths.
  location /api/ {
    ${proxyPass}
  }
  location @app {
    ${proxyPass}
  }
}
`;

  const shop = serverBlock(
    env.shopHosts,
    `
  # The root: the servers pick the language from the cookie or the browser's languages.
  location = / {
    ${proxyPass}
  }
  # The brand sites and the server-rendered pages' code are in the same build but not the shop's.
  location ^~ /brands/ {
    ${proxyPass}
  }
  location ^~ /server/ {
    ${proxyPass}
  }
  # A file of the build, as the servers would find it (the path, its index.html, the path with .html), else the
  # servers (catalogue and admin pages, 404).
  location / {
    try_files $uri $uri/index.html $uri.html @app;
${fileHeaders({ kind: 'shop' })}
  }
`,
  );
  const survey = serverBlock(
    [env.surveyHost],
    `
  location = / {
    try_files /survey/index.html @app;
${fileHeaders({ kind: 'survey' })}
  }
  location = /index.html {
    try_files /survey/index.html @app;
${fileHeaders({ kind: 'survey' })}
  }
  location ~ ^/(?:_astro|survey-form)/ {
    try_files $uri $uri/index.html $uri.html @app;
${fileHeaders({ kind: 'survey' })}
  }
  location / {
    ${proxyPass}
  }
`,
  );
  const brands = tenants.map((tenant) => {
    const own = `/brands/${tenant.slug}`;
    const names = [`${tenant.slug}.localhost`, tenant.domain, `www.${tenant.domain}`];
    return serverBlock(
      names,
      `
  # The brand's own folder, a self-contained site (decision 005); the shared /_astro/ files of the build besides.
  location / {
    try_files ${own}$uri ${own}$uri/index.html ${own}$uri.html @app;
${fileHeaders({ kind: 'tenant', tenant })}
  }
  location ^~ /_astro/ {
    try_files ${own}$uri $uri @app;
${fileHeaders({ kind: 'tenant', tenant })}
  }
`,
    );
  });
  const other = serverBlock(
    [],
    `
  location / {
    ${proxyPass}
  }
`,
    true,
  );

  return `# Generated by scripts/nginx-config.ts (npm run deploy:nginx) for ${dist}; edit the script, not this file.
upstream marketplace {
${options.upstreams.map((upstream) => `  server ${upstream} max_fails=0;`).join('\n')}
  # No server is ever marked failed (max_fails=0): every request tries its server and, refused or answered 503, the
  # next (proxy_next_upstream). With failure marks, one slow connect to a freshly restarted server under load marked
  # it failed while the other was draining, and nginx answered 502 'no live upstreams' to everyone (seen in the
  # rolling-restart test during a whole npm test). A refused connection to a stopped server costs nothing.
  # Connections to the servers are kept open, for less than the servers keep an idle one (Node: 5 s), so that
  # nginx never sends a request on a connection a server is closing.
  keepalive 32;
  keepalive_timeout 4s;
}

# Fingerprinted files never change; every other file is checked again on each visit (what the servers send).
map $uri $marketplace_cache_control {
  ~/_astro/ "public, max-age=31536000, immutable";
  default "public, max-age=0, must-revalidate";
}

# Addresses the servers redirect (double slashes in the path, an a-ogonek anywhere): not served as files.
map $request_uri $marketplace_url_rule {
  default 0;
  "~^[^?]*//" 1;
  "~*%C4%8[45]" 1;
  "~\\xC4[\\x84\\x85]" 1;
}
${shop}${survey}${brands.join('')}${other}`;
}

/**
 * A whole nginx configuration of its own (not the machine's): for `npm run deploy:local` and the deploy tests, which
 * run nginx as a child process with `-p prefix -c file`. As root its workers run as root too: the build may be in a
 * folder only root can read (a clone in /root).
 */
export function nginxStandalone(options: NginxOptions & { prefix: string }): string {
  const prefix = path.resolve(options.prefix);
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? 'user root root;\n' : ''}worker_processes 1;
daemon off;
pid ${quote(path.join(prefix, 'nginx.pid'))};
error_log stderr warn;
events {
  worker_connections 1024;
}
http {
  access_log off;
  client_body_temp_path ${quote(path.join(prefix, 'client_body'))};
  proxy_temp_path ${quote(path.join(prefix, 'proxy'))};
  fastcgi_temp_path ${quote(path.join(prefix, 'fastcgi'))};
  uwsgi_temp_path ${quote(path.join(prefix, 'uwsgi'))};
  scgi_temp_path ${quote(path.join(prefix, 'scgi'))};
  server_tokens off;
  sendfile on;
${nginxSite(options)}
}
`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      listen: { type: 'string', default: '80' },
      upstream: { type: 'string', multiple: true },
      dist: { type: 'string' },
    },
  });
  const [{ parseEnv }, { loadTenants }, { createPaymentProviders }] = await Promise.all([
    import('#server/env.ts'),
    import('#tenants/index.ts'),
    import('#server/services/payments/providers.ts'),
  ]);
  const env = parseEnv(process.env);
  const upstreams = values.upstream ?? ['127.0.0.1:3001', '127.0.0.1:3002'];
  // The providers are built for what they say of Google Pay only; nothing here reaches the database.
  const payments = createPaymentProviders(env, { db: null as never });
  process.stdout.write(
    nginxSite({
      listen: values.listen,
      upstreams,
      distDir: path.resolve(values.dist ?? env.distDir),
      env,
      tenants: loadTenants(),
      googlePay: payments.googlePayFromGoogle,
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
