import { useState, type SubmitEvent } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a field needs from the form: spread into <FormField>. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}

/**
 * A small controlled form: text values, the errors of the last check, and a submit handler
 * that checks first. On an invalid submit the first field in error gets the focus; typing in a
 * field clears its error.
 */
export function useForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  function field(name: F): BoundField {
    return {
      name,
      value: values[name],
      error: errors[name],
      onValueChange: (value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
      },
    };
  }

  /** A submit handler: `onValid` runs only when every field passes. */
  function handleSubmit(onValid: (values: Record<F, string>) => void) {
    return (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = validate(values);
      setErrors(found);
      const first = (Object.keys(values) as F[]).find((name) => found[name] !== undefined);
      if (first === undefined) {
        onValid(values);
        return;
      }
      const element = event.currentTarget.elements.namedItem(first);
      if (element instanceof HTMLElement) element.focus();
    };
  }

  return { values, errors, field, handleSubmit };
}
