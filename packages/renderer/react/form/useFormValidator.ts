import { useMemo } from 'react';
import useSWR from 'swr';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { requiredFor } from '../../core/conditional-required.js';
import type { JsonSchema, ScreenDef, Translate } from '../../core/types.js';
import { loadValidator, localizeErrors, peekValidator, type AjvError } from '../../core/validation.js';

/**
 * A server painting a page's first form (a guest's sign-in) draws it without its validator, which loads in the
 * browser: nothing is submitted there. Its conditions count as met (the sign-in forms have none; where a drawing
 * differed, the browser would draw that form afresh).
 */
const DRAWN_ON_SERVER = typeof window === 'undefined';
const UNCHECKED = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: () => true,
  rawValidation: () => ({}),
} as unknown as ValidatorType;

/**
 * A form's validator, loaded from the server's standalone module (`validator`: its address; without one, ajv compiles the schema in the browser), and
 * the schema rjsf draws, with the fields required for the data as it is now: a field required only for some values
 * of another (a trip's miles, an expense's amount) is starred while it is. The compiled validator checks the whole
 * schema whatever it is given, so one is made for each set of required fields (cheap: nothing is compiled).
 */
export function useFormValidator(
  screen: ScreenDef<'form'>,
  schema: JsonSchema,
  data: Record<string, unknown> | undefined,
  validator: string | undefined,
  t: Translate,
) {
  const { data: validateFn, error } = useSWR(
    validator ? ['validator', validator] : null,
    () => loadValidator(validator!),
    { revalidateOnFocus: false, fallbackData: validator ? peekValidator(validator) : undefined },
  );
  // A resource with no validator module (a host's own schemas): ajv compiles the form's schema in the browser, from
  // a chunk only such forms load.
  const { data: compiling, error: compileError } = useSWR(
    validator ? null : ['validator', 'ajv8'],
    () => import(/* webpackChunkName: "validator-ajv8" */ '@rjsf/validator-ajv8'),
    { revalidateOnFocus: false },
  );
  const requiredNow = requiredFor(screen.schema, data).join();
  const formSchema = useMemo(
    () => (requiredNow ? { ...schema, required: requiredNow.split(',') } : schema),
    [schema, requiredNow],
  );
  const made = useMemo(() => {
    const label = (field: string) =>
      t(`fields.${screen.resource}.${field}`, { defaultValue: field.replace(/_/g, ' ') });
    const localize = (errors: unknown) =>
      localizeErrors(errors as AjvError[] | null, t, label, formSchema.required as string[] | undefined);
    if (compiling) return compiling.customizeValidator({}, localize);
    if (!validateFn) return DRAWN_ON_SERVER ? UNCHECKED : null;
    return createPrecompiledValidator(
      { [formSchema.$id as string]: validateFn as never },
      formSchema as RJSFSchema,
      localize,
    );
  }, [validateFn, compiling, formSchema, t, screen.resource]);
  return { formSchema, validator: made, error: (error ?? compileError) as unknown };
}
