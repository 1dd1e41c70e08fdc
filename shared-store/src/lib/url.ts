const SAFE_URL = /^(?:https?:|mailto:|tel:|\/|#|\?|\.{0,2}\/)/i;

/** A URL that is safe to put in href/src: http(s), mailto, tel or relative; otherwise '#'. */
export function safeUrl(url: unknown): string {
  if (typeof url !== 'string') return '#';
  const trimmed = url.trim();
  // Control characters and whitespace inside a scheme are a classic way to hide javascript:.
  let normalized = '';
  for (let i = 0; i < trimmed.length; i += 1) {
    if (trimmed.charCodeAt(i) > 0x20) normalized += trimmed.charAt(i);
  }
  if (!normalized) return '#';
  if (/^[a-z][a-z0-9+.-]*:/i.test(normalized) && !SAFE_URL.test(normalized)) return '#';
  return SAFE_URL.test(normalized) || !normalized.includes(':') ? trimmed : '#';
}
