import { PassThrough } from 'node:stream';

/**
 * PLAB 1 Online Course as WordPress's course list gives it: the course whose page the head and
 * crawler tests read.
 */
export const PLAB_1_COURSE = {
  id: 2101,
  slug: 'plab-1-online-course',
  title: 'PLAB 1 Online Course',
  excerpt: '<p>Pass PLAB 1 with <strong>3,500</strong> questions &amp; four mocks.</p>',
  image: { url: '/wp-content/uploads/2024/02/plab-1-online-course.svg' },
  price: '49.00',
};

/** The value of a `<meta>` of the page, by name or property. */
export function metaOf(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
}

/** A test gateway's log stream, whose lines go to `lines`. */
export function logInto(lines: string[]): PassThrough {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  return stream;
}
