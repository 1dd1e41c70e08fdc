import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import type { BoundField } from './useForm';

/** What the form sets on every control itself. */
type Bound = 'id' | 'name' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby';

interface FieldProps extends BoundField {
  label: string;
  /** A short rule shown under the label (e.g. "At least 8 characters."). */
  hint?: string;
}

export type FormFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, Bound>;

export type TextAreaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Bound>;

/** What a control gets from its field: its id, name, value and state, and what describes it. */
interface ControlProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A control's label, hint and error, bound to its form field. The error is announced
 * (role="alert") and tied to the control with aria-describedby; the control is marked
 * aria-invalid while it has one.
 */
function Field({
  label,
  hint,
  error,
  name,
  value,
  onValueChange,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  // By the field's name, unique in its form (a page shows one): a page's server render
  // (shell/src/server) writes the same id as the browser's first render, which useId's would not.
  const id = `shell-field-${name}`;
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
      {control({
        id,
        name,
        value,
        onChange: (event) => {
          onValueChange(event.target.value);
        },
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p className="shell-field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its hint and its error. */
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
  return (
    <Field
      {...{ label, hint, error, name, value, onValueChange }}
      control={(control) => (
        <input {...inputProps} {...control} className="shell-field__input" type={type} />
      )}
    />
  );
}

/** A labelled text area (a message) with its hint and its error. */
export function TextAreaField({
  label,
  hint,
  error,
  name,
  value,
  onValueChange,
  rows = 6,
  ...textAreaProps
}: TextAreaFieldProps) {
  return (
    <Field
      {...{ label, hint, error, name, value, onValueChange }}
      control={(control) => (
        <textarea
          {...textAreaProps}
          {...control}
          className="shell-field__input shell-field__input--multiline"
          rows={rows}
        />
      )}
    />
  );
}
