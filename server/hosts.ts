import type { HonoRequest } from 'hono';
import type { Tenant } from '#tenants/schema.ts';
import type { Env, HostKind } from './context.ts';

export type { HostKind };

/**
 * The host a request names. Requests the app makes to itself (the sandbox's notifications) are built in-process
 * with no Host header; their URL says it, as Node's server builds every URL from the Host header.
 */
export const hostOf = (request: HonoRequest): string => request.header('host') ?? new URL(request.url).host;

/** Which of the three kinds of host a request is for (design.md: one process, three kinds of host). */
export function classifyHost(hostHeader: string | undefined, env: Env, tenants: Tenant[]): HostKind {
  const host = (hostHeader ?? '').replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  if (env.shopHosts.includes(host)) return { kind: 'shop' };
  if (host === env.surveyHost) return { kind: 'survey' };
  const tenant = tenants.find((t) => host === `${t.slug}.localhost` || host === t.domain || host === `www.${t.domain}`);
  return tenant ? { kind: 'tenant', tenant } : { kind: 'unknown' };
}
