import { MESSAGES } from '../constants';

/** A simple {name}@{domain}.{tld} shape: enough to catch typos, not a full RFC parser. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The newsletter form's messages (required, then well-formed): null when the email is acceptable. */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return MESSAGES.invalidEmail;
  return null;
}
