export interface FieldMessageProps {
  id: string;
  error: string;
}

/** A form's error (role="alert", referenced by the field's aria-describedby), or nothing. */
export function FieldMessage({ id, error }: FieldMessageProps) {
  if (!error) return null;
  return (
    <p id={id} className="cart-error" role="alert">
      {error}
    </p>
  );
}
