/** Text helpers shared by the pages: error messages and defensive reads of backend answers. */

export const GENERIC_ERROR = 'Something went wrong. Please try again in a moment.';

/** The message a failed call carries (an ApiError carries the server's), else a generic one. */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The `message` of a `{ success, message }` answer, or `fallback` when it has none. An answer
 * that says `success: false` is a failure: it throws with the server's message.
 */
export function confirmationMessage(answer: unknown, fallback: string): string {
  const message = text(answer, 'message').trim();
  if (field(answer, 'success') === false) throw new Error(message || GENERIC_ERROR);
  return message || fallback;
}

/** A WordPress `{ rendered }` field as its HTML, or '' when it is missing or malformed. */
export function rendered(value: unknown): string {
  return text(value, 'rendered');
}

/** A field of a backend record, whatever its type; undefined when the record is not one. */
export function field(record: unknown, key: string): unknown {
  return isRecord(record) ? record[key] : undefined;
}

/** A string field of a backend record, or ''. */
export function text(record: unknown, key: string): string {
  const value = field(record, key);
  return typeof value === 'string' ? value : '';
}

/** A number, or a number sent as text (WordPress sometimes does); null otherwise. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

/** A number field of a backend record, or null. */
export function numberField(record: unknown, key: string): number | null {
  return toFiniteNumber(field(record, key));
}

/** An array field of a backend record, or []. */
export function listField(record: unknown, key: string): unknown[] {
  const value = field(record, key);
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/** A backend date ('2024-11-04T09:00:00') as '4 November 2024'; '' when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (value === '' || Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
