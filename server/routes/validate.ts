import { validator } from 'hono-openapi';
import type { StandardSchemaV1 } from '@standard-schema/spec';

type Target = 'json' | 'query' | 'param' | 'header' | 'cookie' | 'form';

/**
 * Validates one part of the request with an arktype (Standard Schema) type. A bad input answers
 * 400 { error: 'validation', details: { <field path>: <message> } }, so the UI can show each field's error.
 * hono-openapi's validator so that /api/openapi.json describes the route from this same schema.
 */
export const validate = <S extends StandardSchemaV1, T extends Target>(target: T, schema: S) =>
  validator(target, schema, (result, c) => {
    if (!result.success) {
      const details: Record<string, string> = {};
      for (const issue of result.error) {
        const path =
          (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.') || '(body)';
        details[path] ??= issue.message;
      }
      return c.json({ error: 'validation', details }, 400);
    }
    return undefined;
  });
