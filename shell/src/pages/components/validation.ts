/** Form rules shared by the sign-up and password-reset pages. */

const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_HINT = `At least ${String(MIN_PASSWORD_LENGTH)} characters.`;

export function required(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}

export function passwordError(password: string): string | undefined {
  if (password === '') return 'Please enter a password.';
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Your password must be at least ${String(MIN_PASSWORD_LENGTH)} characters long.`;
  }
  return undefined;
}

export function confirmError(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return 'Please confirm your password.';
  if (confirmation !== password) return 'The passwords do not match.';
  return undefined;
}
