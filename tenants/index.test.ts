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
    expect(tenants.filter((t) => !t.showOnCompanyPortfolio).map((t) => t.slug)).toEqual(['green-bowl']);
  });

  it('names the file and the field of a bad value, one line per problem', () => {
    edit('smash-club', (json) => {
      json['contactEmail'] = 'not-an-email';
      (json['theme'] as Record<string, unknown>)['primary'] = 'orange';
    });
    const problems = lines();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`^${shown('smash-club')}: contactEmail: `));
    expect(problems[1]).toMatch(new RegExp(`^${shown('smash-club')}: theme\\.primary: `));
  });

  it('names a missing required field and an aggregator link that is not a URL', () => {
    edit('bao-house', (json) => {
      delete json['recruitingUrl'];
      (json['aggregators'] as Record<string, unknown>)['wolt'] = 'wolt dot com';
    });
    expect(lines()).toEqual([
      expect.stringMatching(/bao-house\/tenant\.json: aggregators\.wolt: /),
      expect.stringMatching(/bao-house\/tenant\.json: recruitingUrl: must be a string/),
    ]);
  });

  it('names a picture or legal document that does not exist', () => {
    unlinkSync(path.join(dir, 'smash-club', 'images', 'about-2.svg'));
    unlinkSync(path.join(dir, 'smash-club', 'terms.md'));
    expect(lines()).toEqual([
      expect.stringMatching(/smash-club\/tenant\.json: about\.1: images\/about-2\.svg does not exist/),
      expect.stringMatching(/smash-club\/tenant\.json: terms\.pl: terms\.md does not exist/),
    ]);
  });

  it('takes a legal document per language, or one file as the Polish text, never none', () => {
    unlinkSync(path.join(dir, 'bao-house', 'policy.ua.md'));
    edit('smash-club', (json) => {
      json['terms'] = 'terms.md';
      json['policy'] = {};
    });
    expect(lines()).toEqual([
      expect.stringMatching(/bao-house\/tenant\.json: policy\.ua: policy\.ua\.md does not exist/),
      expect.stringMatching(/smash-club\/tenant\.json: policy: must be .*a file for at least one of pl, en, ua/),
    ]);
  });

  it('needs a Markdown document unless the external legal script is set', () => {
    edit('smash-club', (json) => {
      delete json['policy'];
    });
    expect(lines()).toEqual([expect.stringMatching(/smash-club\/tenant\.json: policy: must name a Markdown file/)]);
    edit('smash-club', (json) => {
      json['rrPolicyUrl'] = 'https://legal.example.com/policy.js';
    });
    expect(checkTenants(dir).problems).toEqual([]);
  });

  it('refuses unreadable colours, a folder that is not the slug and broken JSON', () => {
    edit('smash-club', (json) => {
      (json['theme'] as Record<string, unknown>)['text'] = '#fff0e0';
    });
    edit('bao-house', (json) => {
      json['slug'] = 'bao';
    });
    writeFileSync(path.join(dir, 'smash-club', 'tenant.json'), '{ "slug": ', { flag: 'w' });
    expect(lines()).toEqual([
      expect.stringMatching(/bao-house\/tenant\.json: slug: must equal the folder name "bao-house"/),
      expect.stringMatching(/smash-club\/tenant\.json: \(file\): not valid JSON/),
    ]);
    cpSync(path.join('tenants', 'smash-club', 'tenant.json'), path.join(dir, 'smash-club', 'tenant.json'));
    edit('smash-club', (json) => {
      (json['theme'] as Record<string, unknown>)['text'] = '#fff0e0';
    });
    expect(lines()).toContainEqual(expect.stringMatching(/smash-club\/tenant\.json: theme\.text: contrast/));
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
    expect(result.stderr.trim()).toMatch(/smash-club\/tenant\.json: domain: already used by bao-house$/);
  });
});
