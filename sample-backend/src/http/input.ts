import type { FastifyRequest } from 'fastify';
import { isRecord } from '../json';

/** Request query strings as Fastify parses them: repeated keys become arrays. */
export type Query = Record<string, string | string[] | undefined>;

/**
 * The fields of a JSON or form body; a body that is not an object (missing, a bare string or
 * array) yields no fields, so validation reports the missing fields rather than crashing.
 */
export function bodyFields(request: FastifyRequest): Record<string, unknown> {
  return isRecord(request.body) ? request.body : {};
}

/** A query parameter's value; for a repeated key the last one wins, as in PHP. */
export function queryValue(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** A trimmed non-empty string field, or undefined. Numbers are accepted as their text. */
export function textField(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A positive integer given as a number or as digits (forms and localStorage send strings). */
export function positiveIntField(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return undefined;
  const parsed = Number(value.trim());
  return parsed > 0 ? parsed : undefined;
}
