import { CODE_AFTER_PAINT_ID, type CodeAfterPaint } from '../page/pageAssembly';

/**
 * What a served page starts after its first paint (pageAssembly.ts codeAfterFirstPaint): its
 * scripts in order and the code it preloads; undefined when the page's code starts with it.
 */
export function codeAfterPaint(html: string): CodeAfterPaint | undefined {
  const data = new RegExp(
    `<script id="${CODE_AFTER_PAINT_ID}" type="application/json">([^<]*)</script>`,
  ).exec(html)?.[1];
  return data === undefined ? undefined : (JSON.parse(data) as CodeAfterPaint);
}
