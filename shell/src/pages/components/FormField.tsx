import {
  useId,
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

/** What a control gets from its field: its id, its state and what describes it. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A control's label, hint and error. The error is announced (role="alert") and tied to the
 * control with aria-describedby; the control is marked aria-invalid while it has one.
 */
function Field({
  label,
  hint,
  error,
  control,
}: Pick<FieldProps, 'label' | 'hint' | 'error'> & {
  control: (props: ControlProps) => ReactNode;
}) {
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
      {control({
        id,
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
      label={label}
      hint={hint}
      error={error}
      control={(control) => (
        <input
          {...inputProps}
          {...control}
          className="shell-field__input"
          name={name}
          type={type}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
          }}
        />
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
      label={label}
      hint={hint}
      error={error}
      control={(control) => (
        <textarea
          {...textAreaProps}
          {...control}
          className="shell-field__input shell-field__input--multiline"
          name={name}
          rows={rows}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
          }}
        />
      )}
    />
  );
}
