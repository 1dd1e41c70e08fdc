/**
 * The id an address's hash names (`#courses-section` → `courses-section`), or '' when it names
 * none or cannot be decoded: a link or a typed address may carry a malformed escape (`#%E0`),
 * which would otherwise throw in the middle of a move.
 */
export function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}
