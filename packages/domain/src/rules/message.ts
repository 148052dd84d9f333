import { z } from 'zod';

/**
 * What a rule reports: a translation key of the `validation` namespace (with its prefix, as
 * forms pass it straight to `t`) and, when the text interpolates, its values.
 */
export type RuleMessage = { key: string; values?: Record<string, string | number> };

/**
 * Turns a rule's check into one zod issue, so a form and the API report the same single
 * message per field. Interpolation values travel as the issue's `params`.
 */
export const addRuleIssue = (ctx: z.RefinementCtx, problem: RuleMessage | string | null): void => {
  if (problem === null) return;
  const { key, values } =
    typeof problem === 'string' ? { key: problem, values: undefined } : problem;
  ctx.addIssue({ code: 'custom', message: key, ...(values ? { params: values } : {}) });
};

/**
 * A text rule with a field's own message when the field is left empty ("Enter your mobile
 * number."), so every required field of a form speaks the same way; the rule's other
 * messages are unchanged.
 */
export const requiredAs = <Out>(schema: z.ZodType<Out, string>, key: string) => {
  const required = z
    .string({ error: key })
    .superRefine((value, ctx) => addRuleIssue(ctx, value.trim() ? null : key))
    .pipe(schema);
  // A request's schema is documented by its first part: it states the rule's limit too.
  const maxLength = statedMaxLength(schema);
  return maxLength === undefined ? required : required.meta({ maxLength });
};

/** The longest string a schema takes, as it states it: by `.max()`, or by `.meta()` for a rule. */
function statedMaxLength(schema: z.ZodType): number | undefined {
  const stated = z.globalRegistry.get(schema)?.maxLength;
  if (typeof stated === 'number') return stated;
  const { maximum } = schema._zod.bag as { maximum?: unknown };
  return typeof maximum === 'number' ? maximum : undefined;
}
