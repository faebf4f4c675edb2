import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkTenants, contrast, formatProblems, loadTenants, readableOn } from './index.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
  cpSync(path.join('tenants', 'smash-club'), path.join(dir, 'smash-club'), { recursive: true });
  cpSync(path.join('tenants', 'bao-house'), path.join(dir, 'bao-house'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const edit = (slug: string, change: (json: Record<string, unknown>) => void) => {
  const file = path.join(dir, slug, 'tenant.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(file, JSON.stringify(json));
};
const lines = () => formatProblems(checkTenants(dir).problems).split('\n');
const shown = (slug: string) => path.relative(process.cwd(), path.join(dir, slug, 'tenant.json'));

describe('tenant configs', () => {
  it('accepts all seven brands of the repository', () => {
    const tenants = loadTenants();
    expect(tenants.map((t) => t.slug)).toEqual([
      'bao-house',
      'green-bowl',
      'pasta-fresca',
      'pierogi-babci',
      'smash-club',
      'sushi-kaizen',
      'taco-loco',
    ]);
  });

  it('says in words what each bad value must be and what was written, one line per problem', () => {
    edit('smash-club', (json) => {
      json['contactEmail'] = 'kontakt(at)smashclub.pl';
      json['country'] = 'de';
      json['name'] = 'x'.repeat(70);
      (json['theme'] as Record<string, unknown>)['primary'] = 'red';
      (json['reviews'] as Record<string, unknown>[])[0]!['id'] = 0;
      json['about'] = ['images/about-1.svg'];
      delete json['recruitingUrl'];
    });
    const file = shown('smash-club');
    expect(lines()).toEqual([
      `${file}: about must be a list of exactly three pictures, like ["images/about-1.svg", "images/about-2.svg", "images/about-3.svg"], got a list of 1`,
      `${file}: contactEmail must be an email address like kontakt@pastafresca.pl, got 'kontakt(at)smashclub.pl'`,
      `${file}: country must be pl, ua or pt, got 'de'`,
      `${file}: name must be a text of 1 to 60 characters, got a text of 70 characters`,
      `${file}: recruitingUrl is missing: it must be a full link like https://example.com/page`,
      `${file}: reviews.0.id must be a whole number above 0, got 0`,
      `${file}: theme.primary must be a colour like #1a2b3c, got 'red'`,
    ]);
  });

  it('refuses a field tenant.json does not have, and says where the operational ones went', () => {
    edit('bao-house', (json) => {
      json['defaultRestaurant'] = 'bao-house-kyiv-podil';
      json['instagam'] = 'https://instagram.com/baohouse';
      (json['aggregators'] as Record<string, unknown>)['wolt'] = 'wolt dot com';
    });
    const file = shown('bao-house');
    expect(lines()).toEqual([
      `${file}: aggregators.wolt must be a full link like https://example.com/page, got 'wolt dot com'`,
      `${file}: defaultRestaurant is no longer set here: the default restaurant is chosen in the shop's admin (Concepts, this brand); delete the line`,
      `${file}: instagam is not a field of tenant.json (a typo? tenants/schema.ts lists every field); delete or rename it`,
    ]);
  });

  it('names a picture or legal document that does not exist', () => {
    unlinkSync(path.join(dir, 'smash-club', 'images', 'about-2.svg'));
    unlinkSync(path.join(dir, 'smash-club', 'terms.md'));
    const folder = path.relative(process.cwd(), path.join(dir, 'smash-club'));
    expect(lines()).toEqual([
      `${shown('smash-club')}: about.1 names images/about-2.svg, which is not in ${folder}`,
      `${shown('smash-club')}: terms.pl names terms.md, which is not in ${folder}`,
    ]);
  });

  it('takes a legal document per language, or one file as the Polish text, never none', () => {
    unlinkSync(path.join(dir, 'bao-house', 'policy.ua.md'));
    edit('smash-club', (json) => {
      json['terms'] = 'terms.md';
      json['policy'] = {};
    });
    expect(lines()).toEqual([
      expect.stringMatching(/bao-house\/tenant\.json: policy\.ua names policy\.ua\.md, which is not in /),
      `${shown('smash-club')}: policy must be a Markdown file like terms.md, or one per language like { "pl": "terms.md", "en": "terms.en.md" }, got a group of fields`,
    ]);
  });

  it('needs a Markdown document unless the external legal script is set', () => {
    edit('smash-club', (json) => {
      delete json['policy'];
    });
    expect(lines()).toEqual([
      `${shown('smash-club')}: policy is missing: it must name a Markdown file when rrPolicyUrl is not set`,
    ]);
    edit('smash-club', (json) => {
      json['rrPolicyUrl'] = 'https://legal.example.com/policy.js';
    });
    expect(checkTenants(dir).problems).toEqual([]);
  });

  it('refuses unreadable colours, a folder that is not the slug and broken JSON', () => {
    edit('bao-house', (json) => {
      json['slug'] = 'bao';
    });
    writeFileSync(path.join(dir, 'smash-club', 'tenant.json'), '{ "slug": ', { flag: 'w' });
    expect(lines()).toEqual([
      `${shown('bao-house')}: slug must be the folder's name, 'bao-house', got 'bao'`,
      expect.stringMatching(new RegExp(`^${shown('smash-club')}: is not valid JSON: `)),
    ]);
    cpSync(path.join('tenants', 'smash-club', 'tenant.json'), path.join(dir, 'smash-club', 'tenant.json'));
    edit('smash-club', (json) => {
      (json['theme'] as Record<string, unknown>)['text'] = '#fff0e0';
    });
    expect(lines()).toContainEqual(
      expect.stringMatching(
        /smash-club\/tenant\.json: theme\.text #fff0e0 is hard to read on theme\.background #[0-9a-f]{6}: contrast 1\.\d:1, at least 4\.5:1 needed$/,
      ),
    );
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
  });

  it('picks white text on a dark brand colour and dark text on a light one, readable on every real brand', () => {
    expect(readableOn('#9f1d20')).toBe('#ffffff');
    expect(readableOn('#f2b705')).toBe('#111111');
    for (const tenant of loadTenants()) {
      expect(contrast(readableOn(tenant.theme.primary), tenant.theme.primary), tenant.slug).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('makes `npm run tenants:check` fail with those lines', () => {
    edit('smash-club', (json) => {
      json['domain'] = 'baohouse.com.ua';
    });
    const result = spawnSync(process.execPath, ['tenants/check-cli.ts'], {
      env: { ...process.env, TENANTS_DIR: dir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /smash-club\/tenant\.json: domain 'baohouse\.com\.ua' is already the domain of bao-house$/,
    );
    // A child Node process, which takes more than the in-process tests' 5 s on a loaded machine.
  }, 30_000);
});
