/**
 * The key a read's answer is carried in the page under: its URL (path and query, as the page's
 * read writes it) without the page's stamp, which a never-cached read's URL carries and the
 * gateway's read of it does not share.
 */
export function servedKey(url: string, stampParameter: string): string {
  const [path = '', query] = url.split('?', 2);
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  params.delete(stampParameter);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}
