import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../cn';
import { fieldAria, FieldWrapper, type FieldWrapperProps } from './field-wrapper';

const textareaClasses = cn(
  'min-h-24 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm',
  'focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-rose-500/30 aria-[invalid=true]:border-rose-500',
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100',
);

type TextareaProps = FieldWrapperProps &
  Omit<ComponentProps<'textarea'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'> & {
    registration: UseFormRegisterReturn;
  };

/** A labelled textarea that takes its registration and shows the field's error. */
export function Textarea(props: TextareaProps) {
  const { id, label, error, hint, labelAside, registration, className, ...textareaProps } = props;
  return (
    <FieldWrapper id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <textarea
        {...registration}
        {...fieldAria({ id, error, hint })}
        className={cn(textareaClasses, className)}
        {...textareaProps}
      />
    </FieldWrapper>
  );
}
