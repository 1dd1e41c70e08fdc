import { FormField } from './FormField';
import type { BoundField } from './useForm';
import { PASSWORD_HINT } from './validation';

export interface NewPasswordFieldsProps {
  field: (name: 'password' | 'confirm') => BoundField;
  /** "Password" on sign-up, "New password" on the reset step. */
  label: string;
}

/** A new password and its confirmation, as sign-up and the password reset ask for them. */
export function NewPasswordFields({ field, label }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        {...field('password')}
      />
      <FormField
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        {...field('confirm')}
      />
    </>
  );
}
