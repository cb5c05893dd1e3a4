import {
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '../cn';
import { inputClasses } from './field-classes';
import { fieldAria, FieldWrapper, type FieldWrapperProps } from './field-wrapper';

/** What the input is wired to: react-hook-form's register(name), or useCheckedForm's field(name). */
export interface FieldRegistration {
  name: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => unknown;
  ref?: Ref<HTMLInputElement>;
  /** Set by a controlled form. */
  value?: string;
}

export type InputProps = FieldWrapperProps &
  Omit<ComponentProps<'input'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'> & {
    registration: FieldRegistration;
    /** A control inside the input's right edge, e.g. the show/hide toggle. */
    trailing?: ReactNode;
  };

/** A labelled input that takes its form registration and shows the field's error. */
export function Input(props: InputProps) {
  const { id, label, error, hint, labelAside, registration, trailing, className, ...inputProps } = props;
  return (
    <FieldWrapper id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      <div className="relative">
        <input
          {...registration}
          {...fieldAria({ id, error, hint })}
          className={cn(inputClasses, className)}
          {...inputProps}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </FieldWrapper>
  );
}

/** A password input with a show/hide toggle button. */
export function PasswordInput({ className, ...props }: Omit<InputProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <Input
      type={shown ? 'text' : 'password'}
      className={cn('pr-10', className)}
      {...props}
      trailing={
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-label={`${shown ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
          aria-pressed={shown}
          disabled={props.disabled}
          className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:pointer-events-none dark:hover:bg-zinc-800 dark:hover:text-white"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
    />
  );
}
