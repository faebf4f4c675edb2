import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ArkErrors } from 'arktype';
import { tenantSchema, type Tenant } from './schema.ts';

export type { Tenant };

/** Resolved from the working directory so the server, the seed and the Astro build (bundled elsewhere) agree. */
export const tenantsDir = (): string => process.env['TENANTS_DIR'] ?? path.join(process.cwd(), 'tenants');

export type TenantProblem = { file: string; field: string; message: string };

/** Checks every tenants/<slug>/tenant.json; one problem per bad field, naming the file and the field. */
export function checkTenants(dir = tenantsDir()): { tenants: Tenant[]; problems: TenantProblem[] } {
  const tenants: Tenant[] = [];
  const problems: TenantProblem[] = [];
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    const file = path.join(dir, folder, 'tenant.json');
    const shown = path.relative(process.cwd(), file);
    if (!existsSync(file)) {
      problems.push({ file: shown, field: '(file)', message: 'tenant.json is missing' });
      continue;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push({ file: shown, field: '(file)', message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const result = tenantSchema(raw);
    if (result instanceof ArkErrors) {
      for (const error of result) {
        problems.push({ file: shown, field: error.path.join('.') || '(root)', message: error.message });
      }
      continue;
    }
    if (result.slug !== folder) {
      problems.push({ file: shown, field: 'slug', message: `must equal the folder name "${folder}"` });
      continue;
    }
    tenants.push(result);
  }
  const domains = new Map<string, string>();
  for (const tenant of tenants) {
    const other = domains.get(tenant.domain);
    if (other) {
      problems.push({
        file: `tenants/${tenant.slug}/tenant.json`,
        field: 'domain',
        message: `already used by ${other}`,
      });
    }
    domains.set(tenant.domain, tenant.slug);
  }
  return { tenants, problems };
}

export const formatProblems = (problems: TenantProblem[]): string =>
  problems.map((p) => `${p.file}: ${p.field}: ${p.message}`).join('\n');

let cached: Tenant[] | undefined;

/** Every valid tenant; throws with one line per problem when any config is broken. */
export function loadTenants(dir?: string): Tenant[] {
  if (cached && !dir) return cached;
  const { tenants, problems } = checkTenants(dir);
  if (problems.length > 0) throw new Error(`Broken tenant config:\n${formatProblems(problems)}`);
  if (!dir) cached = tenants;
  return tenants;
}
