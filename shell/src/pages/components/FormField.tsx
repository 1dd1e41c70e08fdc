import { useId, type InputHTMLAttributes } from 'react';
import type { BoundField } from './useForm';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'
>;

export interface FormFieldProps extends BoundField, InputProps {
  label: string;
  /** A short rule shown under the label (e.g. "At least 8 characters."). */
  hint?: string;
}

/**
 * A labelled input with its hint and its error. The error is announced (role="alert") and tied
 * to the input with aria-describedby; the input is marked aria-invalid while it has one.
 */
export function FormField({
  label,
  hint,
  error,
  name,
  value,
  onValueChange,
  type = 'text',
  ...inputProps
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="shell-field">
      <label className="shell-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="shell-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        {...inputProps}
        className="shell-field__input"
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p className="shell-field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
