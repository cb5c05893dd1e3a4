import type { ComponentProps, ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { toastInvalid, type InvalidToast } from './invalid-toast';
import { useZodForm, type FormSchema, type ZodForm, type ZodFormOptions } from './use-zod-form';

export type { InvalidToast } from './invalid-toast';

type FormOwnProps<Schema extends FormSchema> = Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> & {
  onSubmit: (values: z.output<Schema>, form: ZodForm<Schema>) => void | Promise<void>;
  /** Runs on every submit attempt before the check, e.g. to hide the last failure's banner. */
  onSubmitAttempt?: () => void;
  /** null: the form shows its errors at the fields only, without a toast. */
  invalidToast?: InvalidToast | null;
  children: ReactNode | ((form: ZodForm<Schema>) => ReactNode);
};

/** Either a schema (the form owns its state) or a form from useZodForm (a hook owns it). */
export type FormProps<Schema extends FormSchema> = FormOwnProps<Schema> &
  (
    | { schema: Schema; options?: ZodFormOptions<Schema>; form?: never }
    | { form: ZodForm<Schema>; schema?: never }
  );

function firstError(errors: FieldErrors<FieldValues>): [string, string] | undefined {
  const [field] = Object.keys(errors);
  const message = field === undefined ? undefined : errors[field]?.message;
  return field === undefined ? undefined : [field, typeof message === 'string' ? message : ''];
}

function FormView<Schema extends FormSchema>(props: FormOwnProps<Schema> & { form: ZodForm<Schema> }) {
  const { form, onSubmit, onSubmitAttempt, invalidToast, children, ...formProps } = props;
  const submit = form.handleSubmit(
    (values) => onSubmit(values, form),
    (errors) => {
      const first = firstError(errors);
      if (first) toastInvalid(...first, invalidToast);
    },
  );
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...formProps}
        onSubmit={(event) => {
          onSubmitAttempt?.();
          void submit(event);
        }}
      >
        {typeof children === 'function' ? children(form) : children}
      </form>
    </FormProvider>
  );
}

function SchemaForm<Schema extends FormSchema>(
  props: FormOwnProps<Schema> & { schema: Schema; options?: ZodFormOptions<Schema> },
) {
  const { schema, options, ...rest } = props;
  const form = useZodForm(schema, options);
  return <FormView {...rest} form={form} />;
}

/**
 * The one way to build a form: checked with the shared zod schema on submit; the first problem is
 * shown at its field, announced in a toast, and its field takes focus (react-hook-form's shouldFocusError).
 */
export function Form<Schema extends FormSchema>(props: FormProps<Schema>) {
  if (props.form) return <FormView {...props} form={props.form} />;
  return <SchemaForm {...props} schema={props.schema} />;
}
