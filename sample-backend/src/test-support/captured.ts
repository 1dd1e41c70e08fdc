import { readFileSync } from 'node:fs';
import path from 'node:path';

const CAPTURED_DIR = path.join(__dirname, 'captured');

/** A captured WordPress response body. */
export function capturedBody(name: string): unknown {
  return JSON.parse(readFileSync(path.join(CAPTURED_DIR, `${name}.json`), 'utf8')) as unknown;
}

/** The status and headers (lower-cased names) of a captured response, from headers.txt. */
export function capturedHead(name: string): { status: number; headers: Record<string, string> } {
  const text = readFileSync(path.join(CAPTURED_DIR, 'headers.txt'), 'utf8');
  const section = text.split('\n### ').find((part) => part.startsWith(`${name}:`));
  if (!section) throw new Error(`headers.txt has no section ${name}`);
  const lines = section.split('\n').slice(1);
  const statusLine = lines[0] ?? '';
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (line.trim() === '') break;
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers };
}

const TRIMMED = /…\[trimmed: (\d+) chars in full\]$/;

/**
 * Compares a served JSON value with a captured one. A captured string the capture tool trimmed
 * (`…[trimmed: N chars in full]`) matches a served string that starts with the kept text and is
 * N characters long. Returns the differences as readable paths; empty when they match.
 */
export function differences(actual: unknown, captured: unknown, at = '$'): string[] {
  if (typeof captured === 'string' && typeof actual === 'string') {
    const trimmed = TRIMMED.exec(captured);
    if (!trimmed)
      return actual === captured ? [] : [`${at}: ${JSON.stringify(actual).slice(0, 80)}`];
    const kept = captured.slice(0, trimmed.index);
    const ok = actual.startsWith(kept) && actual.length === Number(trimmed[1]);
    return ok ? [] : [`${at}: does not extend the trimmed capture to ${trimmed[1] ?? '?'} chars`];
  }
  if (Array.isArray(captured)) {
    if (!Array.isArray(actual) || actual.length !== captured.length) return [`${at}: array length`];
    return captured.flatMap((item, index) =>
      differences(actual[index], item, `${at}[${String(index)}]`),
    );
  }
  if (typeof captured === 'object' && captured !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${at}: not an object`];
    const actualRecord = actual as Record<string, unknown>;
    const capturedRecord = captured as Record<string, unknown>;
    const keys = new Set([...Object.keys(actualRecord), ...Object.keys(capturedRecord)]);
    return [...keys].flatMap((key) =>
      key in capturedRecord && key in actualRecord
        ? differences(actualRecord[key], capturedRecord[key], `${at}.${key}`)
        : [`${at}.${key}: ${key in actualRecord ? 'not in the capture' : 'missing'}`],
    );
  }
  return Object.is(actual, captured)
    ? []
    : [`${at}: ${JSON.stringify(actual)} vs ${JSON.stringify(captured)}`];
}
