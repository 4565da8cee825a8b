import type { RuleObject } from 'antd/es/form';

/** Anything with zod's safeParse: a field schema of a contract's body. */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

/**
 * An antd form rule that checks a value with the contract's own field schema (so the form and the
 * server agree), showing a translated message. Empty values are left to the `required` rule.
 */
export function contractRule(schema: FieldSchema, message: string): RuleObject {
  return {
    validator: (_rule, value: unknown) =>
      value === undefined || value === null || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}
