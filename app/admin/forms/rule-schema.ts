import type { StandardSchemaV1 } from '@standard-schema/spec';
import { issueRule } from '#domain/forms.ts';

/**
 * The form's arktype type with each issue's message replaced by the rule it breaks (notEmpty, isValidEmail,
 * outOfRange…), as the API's validation details name it: the field then shows the same translated sentence
 * whether the browser or the server found the problem (fieldMessage in i18n/messages.ts).
 */
export function ruleSchema<I, O>(schema: StandardSchemaV1<I, O>): StandardSchemaV1<I, O> {
  return {
    '~standard': {
      ...schema['~standard'],
      validate: async (value) => {
        const result = await schema['~standard'].validate(value);
        if (!result.issues) return result;
        return { issues: result.issues.map((issue) => ({ ...issue, message: issueRule(issue as never) })) };
      },
    },
  };
}
