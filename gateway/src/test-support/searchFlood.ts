/**
 * `count` distinct searches, each asked from a client address of its own (198.18.0.0/15, the
 * benchmarking range): a stream of terms more numerous than the read cache's places, from many
 * visitors, as no single client may search that often (the search's rate limit, routeTable.ts).
 */
export function searchFlood(count: number): { url: string; remoteAddress: string }[] {
  return Array.from({ length: count }, (_, index) => ({
    url: `/wp-json/custom/v1/search?s=term-${String(index)}`,
    remoteAddress: `198.18.${String(Math.floor(index / 256))}.${String(index % 256)}`,
  }));
}
