import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/** A schema whose input and output are both objects of fields, as every form's is. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type ZodForm<Schema extends FormSchema> = UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;
export type ZodFormOptions<Schema extends FormSchema> = Omit<
  UseFormProps<z.input<Schema>, unknown, z.output<Schema>>,
  'resolver' | 'mode' | 'reValidateMode'
> & {
  /** 'field' (default): editing a field clears its own error; 'all': any edit clears every error. */
  clearErrorsOnEdit?: 'field' | 'all';
  /** true (default): only the first failed field shows; false: every failed field shows its message. */
  firstErrorOnly?: boolean;
};

/**
 * zodResolver, keeping only the schema's FIRST failed field: the forms have always shown one
 * message at a time (the one the toast names), so the user fixes one thing, then the next.
 */
function firstErrorResolver<Schema extends FormSchema>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const [first] = Object.keys(result.errors);
    if (first === undefined) return result;
    return { values: {}, errors: { [first]: result.errors[first] } as typeof result.errors };
  };
}

/**
 * react-hook-form with the shared zod schema as its resolver. Checked on submit only (typing must
 * not flash errors); an edit clears the stale error instead of re-validating, as the forms always did.
 */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: ZodFormOptions<Schema> = {},
): ZodForm<Schema> {
  const { clearErrorsOnEdit = 'field', firstErrorOnly = true, ...formOptions } = options;
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...formOptions,
    resolver: firstErrorOnly ? firstErrorResolver(schema) : zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const { subscribe, clearErrors } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type !== 'change' || name === undefined) return;
          if (clearErrorsOnEdit === 'all') clearErrors();
          else clearErrors(name as Parameters<typeof clearErrors>[0]);
        },
      }),
    [subscribe, clearErrors, clearErrorsOnEdit],
  );
  return form;
}
