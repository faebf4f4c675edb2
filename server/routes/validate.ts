import { validator } from 'hono-openapi';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { issueDetails } from '#domain/forms.ts';
import { validationError } from '#server/errors.ts';

type Target = 'json' | 'query' | 'param' | 'header' | 'cookie' | 'form';

/**
 * Validates one part of the request with an arktype (Standard Schema) type. A bad input answers
 * 400 { error: 'validation', details: { <field path>: <rule> } }: the rule is a spec section 5 rule name or a
 * catalogue key (server/domain/forms.ts issueRule), never a sentence or the input, so the UI translates it.
 * hono-openapi's validator so that /api/openapi.json describes the route from this same schema.
 */
export const validate = <S extends StandardSchemaV1, T extends Target>(target: T, schema: S) =>
  validator(target, schema, (result) => {
    if (!result.success) throw validationError(issueDetails(result.error));
    return undefined;
  });
