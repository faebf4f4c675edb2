import { getTableConfig, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { USER_ROLES } from '#domain/roles.ts';
import { users } from './accounts.ts';

describe('the roles list', () => {
  it("is the users table's check constraint: a role added to one is added to the other", () => {
    const check = getTableConfig(users).checks.find((c) => c.name === 'users_role_check');
    if (!check) throw new Error('users_role_check is gone');
    const { sql } = new PgDialect().sqlToQuery(check.value);
    const allowed = [...sql.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(allowed).toEqual([...USER_ROLES]);
  });
});
