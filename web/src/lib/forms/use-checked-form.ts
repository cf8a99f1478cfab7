import type { BaseSyntheticEvent } from 'react';
import {
  useForm,
  type SubmitHandler,
  type UseFormReturn,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { toast } from '@/components/ui/toast';

/** One validation rule of a form; a form's rules are tried in order and the first that fails is the one shown. */
export interface Check<V> {
  field: Path<V>;
  fails(values: V): boolean;
  message: string;
  /** Forms that also say it in a toast: its title and text. */
  toast?: { title: string; description: string };
}

/**
 * The field must be filled in (and, with `trim`, not blank). `toast`: the title of the toast that says it too, the
 * message being its text.
 */
export function required<V extends FieldValues>(
  field: Path<V>,
  message: string,
  { toast: title, trim = true }: { toast?: string; trim?: boolean } = {},
): Check<V> {
  return {
    field,
    fails: (values) => {
      const value = String(values[field as keyof V] ?? '');
      return !(trim ? value.trim() : value);
    },
    message,
    ...(title ? { toast: { title, description: message } } : {}),
  };
}

export function firstFailure<V>(checks: readonly Check<V>[], values: V): Check<V> | undefined {
  return checks.find((check) => check.fails(values));
}

function checksResolver<V extends FieldValues>(checks: readonly Check<V>[]): Resolver<V> {
  return (values) => {
    const failed = firstFailure(checks, values);
    if (!failed) return { values, errors: {} };
    return {
      values: {},
      errors: { [failed.field]: { type: 'validate', message: failed.message } } as FieldErrors<V>,
    };
  };
}

/**
 * react-hook-form validated by `checks` on submit: one problem at a time, its field takes focus, and it stays
 * until the next try (typing does not re-validate).
 */
export function useCheckedForm<V extends FieldValues>(
  defaultValues: DefaultValues<V>,
  checks: readonly Check<V>[],
) {
  return useForm<V>({
    defaultValues,
    resolver: checksResolver(checks),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
}

/**
 * Submit for forms that also say each problem in a toast: a new try first takes away the last one's error toasts
 * (they would contradict the screen), then a failed check is toasted; `onFailed` may do more (clear a field).
 */
export function submitWithToasts<V extends FieldValues>(
  form: UseFormReturn<V>,
  checks: readonly Check<V>[],
  onValid: SubmitHandler<V>,
  onFailed?: (check: Check<V>) => void,
) {
  return (event?: BaseSyntheticEvent) => {
    toast.dismissErrors();
    return form.handleSubmit(onValid, () => {
      const failed = firstFailure(checks, form.getValues());
      if (!failed) return;
      if (failed.toast) toast.error(failed.toast.title, failed.toast.description);
      onFailed?.(failed);
    })(event);
  };
}

/** The one message a form's alert shows: what the server answered (`root.server`), else the failed check's. */
export function formMessage<V extends FieldValues>(errors: FieldErrors<V>): string {
  const server = errors.root?.server?.message;
  if (server) return server;
  for (const error of Object.values(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return '';
}
