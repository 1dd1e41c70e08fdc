const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

/** Decodes the HTML entities WordPress writes (`&#038;`, `&#8217;`, `&amp;`, `&mdash;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    }
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** HTML to the plain text a reader sees: tags dropped (scripts with their content), entities decoded. */
export function htmlToText(html: string): string {
  const withoutScripts = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  return decodeEntities(withoutScripts.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes text for HTML, like WordPress's esc_html. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** A deliberately simple email check (something@domain.tld, no spaces), like the storefront's. */
export function isEmail(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 254 &&
    /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/.test(value)
  );
}
