import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ArkErrors, type ArkError } from 'arktype';
import { legalFiles } from './legal.ts';
import { tenantSchema, type Tenant } from './schema.ts';

export type { Tenant };

/** Resolved from the working directory so the server, the seed and the Astro build (bundled elsewhere) agree. */
export const tenantsDir = (): string => process.env['TENANTS_DIR'] ?? path.join(process.cwd(), 'tenants');

export type TenantProblem = { file: string; field: string; message: string };

/** Fields that were once in tenant.json and are now the shop admin's (decision 043): said so, not "unknown". */
const MOVED_TO_ADMIN: Record<string, string> = {
  defaultRestaurant: 'the default restaurant',
  showOnCompanyPortfolio: '"show on the company portfolio"',
};

/** A value as the marketer wrote it: a long text by its length, so one line stays readable. */
function shownValue(value: unknown): string {
  if (typeof value === 'string') return value.length > 60 ? `a text of ${value.length} characters` : `'${value}'`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a group of fields';
  return String(value);
}

/** What the schema says in words of the field at `path` (a missing field's error names only its base type). */
function describedAt(path: readonly PropertyKey[]): string | undefined {
  try {
    // Type.get walks object keys; a list's items have no key to walk, so their fields fall back to the error's words.
    const node = path.reduce<{ get: (key: PropertyKey) => unknown }>(
      (at, key) => at.get(key) as typeof at,
      tenantSchema as unknown as { get: (key: PropertyKey) => unknown },
    );
    // An optional field's type reads '… or undefined'; the marketer leaves such a field out, never writes undefined.
    return (node as unknown as { description: string }).description.replace(/ or undefined$/, '');
  } catch {
    return undefined;
  }
}

/**
 * One schema error as a sentence: the field, what it must be (the schema's `describe`, in words) and what was
 * written, e.g. "theme.primary must be a colour like #1a2b3c, got 'red'".
 */
function inWords(error: ArkError): Omit<TenantProblem, 'file'> {
  const field = error.path.join('.');
  const key = String(error.path.at(-1) ?? '');
  if (error.code === 'predicate' && error.expected === 'removed') {
    const moved = error.path.length === 1 ? MOVED_TO_ADMIN[key] : undefined;
    return {
      field,
      message: moved
        ? `is no longer set here: ${moved} is chosen in the shop's admin (Concepts, this brand); delete the line`
        : 'is not a field of tenant.json (a typo? tenants/schema.ts lists every field); delete or rename it',
    };
  }
  // The schema's own words where the field has them: arktype words a union's problem differently with and without
  // compiled validation (server/validation-mode.ts), and a missing field's error names only its base type.
  const expected = describedAt(error.path) ?? error.expected;
  if (error.code === 'required') return { field, message: `is missing: it must be ${expected}` };
  return { field, message: `must be ${expected}, got ${shownValue(error.data)}` };
}

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
      problems.push({
        file: shown,
        field: '',
        message: 'is missing: every folder in tenants/ is a brand and needs one',
      });
      continue;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push({ file: shown, field: '', message: `is not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const result = tenantSchema(raw);
    if (result instanceof ArkErrors) {
      for (const error of result) problems.push({ file: shown, ...inWords(error) });
      continue;
    }
    if (result.slug !== folder) {
      problems.push({
        file: shown,
        field: 'slug',
        message: `must be the folder's name, '${folder}', got '${result.slug}'`,
      });
      continue;
    }
    const fileProblems = checkFilesAndColours(result, path.join(dir, folder)).map((p) => ({ file: shown, ...p }));
    problems.push(...fileProblems);
    if (fileProblems.length === 0) tenants.push(result);
  }
  const domains = new Map<string, string>();
  for (const tenant of tenants) {
    const other = domains.get(tenant.domain);
    if (other) {
      problems.push({
        file: `tenants/${tenant.slug}/tenant.json`,
        field: 'domain',
        message: `'${tenant.domain}' is already the domain of ${other}`,
      });
    }
    domains.set(tenant.domain, tenant.slug);
  }
  return { tenants, problems };
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on a #rrggbb background (text on a brand-coloured bar). */
export const readableOn = (background: string): '#ffffff' | '#111111' =>
  contrast('#ffffff', background) >= contrast('#111111', background) ? '#ffffff' : '#111111';

// What the schema cannot see: that the pictures and documents named exist, and that the colours stay readable.
function checkFilesAndColours(tenant: Tenant, folder: string): Omit<TenantProblem, 'file'>[] {
  const problems: Omit<TenantProblem, 'file'>[] = [];
  const mustExist = (field: string, relative: string | undefined) => {
    if (relative && !existsSync(path.join(folder, relative)))
      problems.push({ field, message: `names ${relative}, which is not in ${path.relative(process.cwd(), folder)}` });
  };
  for (const field of ['favicon', 'logo', 'logoBlack', 'cover'] as const) mustExist(field, tenant[field]);
  tenant.about.forEach((file, i) => mustExist(`about.${i}`, file));
  if (!tenant.rrRegulationsUrl && !tenant.terms)
    problems.push({
      field: 'terms',
      message: 'is missing: it must name a Markdown file when rrRegulationsUrl is not set',
    });
  if (!tenant.rrPolicyUrl && !tenant.policy)
    problems.push({ field: 'policy', message: 'is missing: it must name a Markdown file when rrPolicyUrl is not set' });
  for (const kind of ['terms', 'policy'] as const) {
    const given = tenant[kind];
    for (const [language, file] of Object.entries(legalFiles(tenant, kind)))
      mustExist(typeof given === 'string' ? kind : `${kind}.${language}`, file);
  }
  const { primary, background, text } = tenant.theme;
  const unreadable = (field: string, colour: string) =>
    problems.push({
      field,
      message: `${colour} is hard to read on theme.background ${background}: contrast ${contrast(colour, background).toFixed(1)}:1, at least 4.5:1 needed`,
    });
  if (contrast(text, background) < 4.5) unreadable('theme.text', text);
  if (contrast(primary, background) < 4.5) unreadable('theme.primary', primary);
  return problems;
}

/** One line per problem: "tenants/x/tenant.json: theme.primary must be a colour like #1a2b3c, got 'red'". */
export const formatProblems = (problems: TenantProblem[]): string =>
  problems.map((p) => `${p.file}: ${p.field ? `${p.field} ` : ''}${p.message}`).join('\n');

let cached: Tenant[] | undefined;

/** Every valid tenant; throws with one line per problem when any config is broken. */
export function loadTenants(dir?: string): Tenant[] {
  if (cached && !dir) return cached;
  const { tenants, problems } = checkTenants(dir);
  if (problems.length > 0) throw new Error(`Broken tenant config:\n${formatProblems(problems)}`);
  if (!dir) cached = tenants;
  return tenants;
}

/**
 * Where the shop host serves a brand's logo, as the API hands it out (concepts.logo). The build copies the logo
 * there (sites/shop-logos.ts): the brand sites only hold it fingerprinted or inlined, and on their own hosts.
 */
export const shopLogoPath = (tenant: Pick<Tenant, 'slug' | 'logo'>): string =>
  `/logos/${tenant.slug}${path.extname(tenant.logo)}`;
