import { makeAppsRoot, writeIn } from './contract';

/**
 * A home remote's dist/server/pages.js for the gateway's tests: no renderers, and head readers
 * (`heads`) that say what a course, an event and a centre are about from the answers the gateway
 * hands them, as the home remote's do (remote-home/src/server/heads.ts, whose own tests prove what
 * they say), in plain JavaScript: the gateway's tests prove the gateway's side (the rounds of
 * reads, the budget, the 404, what it makes of what a remote says).
 */
const HOME_HEADS = [
  "const WP = '/wp-json/wp/v2';",
  '/** The entry of a list the page names by its slug, or what to say without it. */',
  'function entryOf(reads, url, path) {',
  '  const answer = reads[url];',
  '  if (answer === undefined) return { said: { wanted: [url] } };',
  "  if (typeof answer === 'string' || !Array.isArray(answer.json)) return { said: 'unanswered' };",
  '  const slug = decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));',
  '  const entry = answer.json.find((item) => item && item.slug === slug);',
  "  return entry ? { entry } : { said: 'absent' };",
  '}',
  'exports.renderers = {};',
  'exports.heads = {',
  '  course({ path, reads }) {',
  "    const { entry, said } = entryOf(reads, WP + '/courseList', path);",
  '    if (!entry) return said;',
  "    if (typeof entry.title !== 'string') return 'malformed';",
  "    const months = WP + '/course/' + String(entry.id);",
  '    const detail = reads[months];',
  '    if (detail === undefined) return { wanted: [months] };',
  "    const options = typeof detail === 'string' ? [] : detail.json.month_options || [];",
  '    return {',
  '      about: {',
  '        name: entry.title,',
  "        description: typeof entry.excerpt === 'string' ? entry.excerpt : undefined,",
  "        image: entry.image && typeof entry.image.url === 'string' ? entry.image.url : undefined,",
  '        structuredData: [',
  '          {',
  "            '@context': 'https://schema.org',",
  "            '@type': 'Course',",
  "            offers: options.map(({ month, price }) => ({ '@type': 'Offer', name: month, price })),",
  '          },',
  '        ],',
  '      },',
  '    };',
  '  },',
  '  event({ path, reads }) {',
  "    const { entry, said } = entryOf(reads, WP + '/products-with-ticket', path);",
  '    if (!entry) return said;',
  "    if (typeof entry.title !== 'string') return 'malformed';",
  '    return {',
  '      about: {',
  '        name: entry.title,',
  "        description: entry.date + ', at ' + entry.venue + '.',",
  '        image: entry.image && entry.image.url,',
  "        structuredData: [{ '@context': 'https://schema.org', '@type': 'Event', startDate: entry.date }],",
  '      },',
  '    };',
  '  },',
  '  location({ path, reads }) {',
  '    const id = path.slice(path.lastIndexOf("/") + 1);',
  "    if (!/^[1-9]\\d{0,9}$/.test(id)) return 'absent';",
  "    const url = WP + '/page-details/location-' + id;",
  '    const answer = reads[url];',
  '    if (answer === undefined) return { wanted: [url] };',
  "    if (answer === 'absent') return 'absent';",
  "    if (answer === 'failed') return 'unanswered';",
  "    if (typeof answer.json.title !== 'string') return 'malformed';",
  '    return { about: { name: answer.json.title, description: answer.json.content } };',
  '  },',
  '};',
].join('\n');

/**
 * Deploys a home remote's server entry (JavaScript: these head readers, unless told) in a test's
 * apps root.
 */
export function writeHomeHeads(appsRoot: string, source = HOME_HEADS): void {
  writeIn(appsRoot, 'remote-home/dist/server/pages.js', source);
}

/** A test's apps root whose home remote reads its pages' heads (these head readers, unless told). */
export function appsRootWithHomeHeads(source = HOME_HEADS): string {
  const appsRoot = makeAppsRoot();
  writeHomeHeads(appsRoot, source);
  return appsRoot;
}
