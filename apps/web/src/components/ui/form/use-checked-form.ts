import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { httpMessages } from '@app/shared/messages';
import { toast } from '../toast';
import type { FieldProblem } from './field-wrapper';
import type { FieldRegistration } from './input';
import { toastInvalid, type InvalidToast } from './invalid-toast';

type Values = Record<string, string>;

export interface CheckedFormOptions<V extends Values, Out> {
  initialValues: V;
  /**
   * The shared zod schema, imported when the user starts on the form (types, clicks) or submits:
   * zod and the contract stay off the page until someone fills the form in (decision 033).
   */
  loadSchema: () => Promise<z.ZodType<Out>>;
  /** Other code the submit needs (the API call), fetched with the schema and awaited before the check. */
  preload?: () => Promise<unknown>;
  /** 'field' (default): editing a field clears its own error; 'all': any edit clears every error. */
  clearErrorsOnEdit?: 'field' | 'all';
  /** What the toast says about the first problem; null for no toast. */
  invalidToast?: InvalidToast | null;
}

export interface SubmitHandlers<Out> {
  /** Runs on every submit attempt before the check, e.g. to hide the last failure's banner. */
  onAttempt?: () => void;
  onValid: (values: Out) => void | Promise<void>;
}

/**
 * The visitors' account forms without react-hook-form (decision 033): native inputs kept in React
 * state, checked with the shared schema on submit, the same way the form kit (form.tsx) does it.
 * Only the first problem shows, at its field (aria-invalid, described by its message), in a toast,
 * and its field takes focus; an edit clears the stale error instead of checking again.
 */
export function useCheckedForm<V extends Values, Out>(options: CheckedFormOptions<V, Out>) {
  const { initialValues, loadSchema, preload, clearErrorsOnEdit = 'field', invalidToast } = options;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V, FieldProblem>>>({});
  const form = useRef<HTMLFormElement>(null);
  const schema = useRef<Promise<z.ZodType<Out>> | null>(null);

  function load() {
    // Both arrive before the check, so the submit after it finds the call's code already there.
    schema.current ??= Promise.all([loadSchema(), preload?.()]).then(
      ([loaded]) => loaded,
      (error: unknown) => {
        schema.current = null;
        throw error;
      },
    );
    return schema.current;
  }

  const warm = () => void load().catch(() => undefined);

  function setValue(name: keyof V, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (Object.keys(current).length === 0) return current;
      if (clearErrorsOnEdit === 'all') return {};
      const { [name]: _cleared, ...rest } = current;
      return rest as typeof current;
    });
  }

  /** Marks a field invalid (a server refusal names it) and puts the user there. */
  function setFieldError(name: keyof V & string, message?: string) {
    setErrors({ [name]: { message } } as Partial<Record<keyof V, FieldProblem>>);
    const element = form.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  }

  function field(name: keyof V & string): FieldRegistration {
    return { name, value: values[name], onChange: (event) => setValue(name, event.target.value) };
  }

  function handleSubmit({ onAttempt, onValid }: SubmitHandlers<Out>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      onAttempt?.();
      let check: z.ZodType<Out>;
      try {
        check = await load();
      } catch {
        // The code did not arrive (offline): nothing was sent, so the user may simply try again.
        toast.error(httpMessages.network);
        return;
      }
      const parsed = check.safeParse(values);
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        const name = String(issue?.path[0] ?? '') as keyof V & string;
        const message = issue?.message ?? '';
        setFieldError(name, message);
        toastInvalid(name, message, invalidToast);
        return;
      }
      setErrors({});
      await onValid(parsed.data);
    };
  }

  return {
    values,
    errors,
    field,
    setValue,
    setFieldError,
    /**
     * Spread on the <form>: no browser bubbles, and the code starts loading when the user types,
     * clicks or presses a key in the form. Not on focus: a dialog focuses its first field by itself.
     */
    formProps: { ref: form, noValidate: true, onInput: warm, onPointerDown: warm, onKeyDown: warm },
    handleSubmit,
  };
}

export type CheckedForm<V extends Values, Out> = ReturnType<typeof useCheckedForm<V, Out>>;
