/**
 * What a served page starts after its first paint (pageAssembly.ts codeAfterFirstPaint): the
 * preload tags its loader puts into the head, and its scripts in order; undefined when the page
 * has no such loader (its code starts with it).
 */
export function codeAfterPaint(html: string): { preloads: string; scripts: string[] } | undefined {
  const loader = /<script>(\(function\(\)\{var done=false;[^<]*)<\/script>/.exec(html)?.[1];
  if (loader === undefined) return undefined;
  const preloads = /t\.innerHTML=("(?:[^"\\]|\\.)*");/.exec(loader)?.[1] ?? '""';
  const scripts = /h\.appendChild\(t\.content\);(\[[^\]]*\])\.forEach/.exec(loader)?.[1] ?? '[]';
  return { preloads: JSON.parse(preloads) as string, scripts: JSON.parse(scripts) as string[] };
}
