/** `task` of each item, at most `limit` of them running at once; the results in the items' order. */
export async function eachAtMost<T, R>(
  limit: number,
  items: readonly T[],
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  async function worker(): Promise<void> {
    for (let index = next; index < items.length; index = next) {
      next += 1;
      results[index] = await task(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
