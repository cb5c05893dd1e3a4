import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../cn';
import { fieldAria, FieldWrapper, type FieldWrapperProps } from './field-wrapper';
import { inputClasses } from './field-classes';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

type SelectProps = FieldWrapperProps &
  Omit<ComponentProps<'select'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'> & {
    registration: UseFormRegisterReturn;
    options: readonly SelectOption[];
  };

/** A labelled native select that takes its registration and shows the field's error. */
export function Select(props: SelectProps) {
  const { id, label, error, hint, labelAside, registration, options, className, ...selectProps } = props;
  return (
    <FieldWrapper id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <select
        {...registration}
        {...fieldAria({ id, error, hint })}
        className={cn(inputClasses, className)}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldWrapper>
  );
}
