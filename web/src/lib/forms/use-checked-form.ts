import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';

/** One validation rule of a form; a form's rules are tried in order and the first that fails is the one shown. */
export interface Check<V> {
  field: Path<V>;
  fails(values: V): boolean;
  message: string;
  /** Forms that also say it in a toast: its title and text. */
  toast?: { title: string; description: string };
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
