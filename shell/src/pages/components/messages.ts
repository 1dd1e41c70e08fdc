/** Text helpers shared by the pages: error messages and defensive reads of backend answers. */

const GENERIC_ERROR = 'Something went wrong. Please try again in a moment.';

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
  assertSuccess(answer);
  return text(answer, 'message').trim() || fallback;
}

/** Throws with the server's message (or a generic one) when an answer says `success: false`. */
export function assertSuccess(answer: unknown): void {
  if (field(answer, 'success') === false) {
    throw new Error(text(answer, 'message').trim() || GENERIC_ERROR);
  }
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

/** A calendar day written YYYY-MM-DD, as that day (midnight UTC); null when it is none. */
export function calendarDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2027-02-30 would roll over to 2 March: not a day of the calendar.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * A backend date ('2024-11-04T09:00:00', or the day '2024-11-04') as '4 November 2024'; '' when
 * it is not a date. A day is that day wherever the visitor is.
 */
export function formatDate(value: string): string {
  const day = calendarDay(value);
  const date = day ?? new Date(value);
  if (value === '' || Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(day ? { timeZone: 'UTC' } : {}),
  });
}
