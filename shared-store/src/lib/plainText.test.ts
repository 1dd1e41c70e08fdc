import { decodeHTML } from 'entities';
import fc from 'fast-check';
import { decodeEntities } from './entities';
import { plainTextOf, serverPlainText } from './plainText';

/** Pieces of WordPress text: references of every kind, white space, markup and plain letters. */
const PIECES = [
  '&amp;',
  '&amp',
  '&AMP;',
  '&#038;',
  '&#8217;',
  '&#x2019;',
  '&#x80;',
  '&#0;',
  '&#xD800;',
  '&#1114112;',
  '&#13;',
  '&#32;',
  '&#9;',
  '&notit;',
  '&nbsp;',
  '&nbsp',
  '&unknown;',
  '&',
  '&#',
  ';',
  'x',
  ' ',
  '\t',
  '\n',
  '\f',
  '\r',
  '\0',
  '<',
  '>',
  '<b>',
  'é',
];

/** The reading a server renderer builds, with the HTML standard's decoding (entities'). */
const readOnServer = (text: unknown) => plainTextOf(text, decodeHTML);

describe('WordPress text read where there is no document (a server render)', () => {
  it('is what the browser reads, or nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((pieces) => pieces.join('')),
        (text) => {
          const plain = readOnServer(text);
          return plain === undefined || plain === decodeEntities(text);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads titles and category names as WordPress sends them, their references decoded', () => {
    expect(readOnServer('PLAB 1 &#038; PLAB 2: what&#8217;s changed')).toBe(
      'PLAB 1 & PLAB 2: what’s changed',
    );
    expect(readOnServer('News &amp; Updates')).toBe('News & Updates');
    expect(readOnServer('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
    expect(readOnServer(undefined)).toBe('');
  });

  it('does not read markup, which the browser makes elements of', () => {
    expect(readOnServer('<img src=x onerror=alert(1)>')).toBeUndefined();
    expect(readOnServer('Pass <em>PLAB</em>')).toBeUndefined();
  });

  it('tells the page’s render that a shown text could not be read, never for its head alone', () => {
    const text = serverPlainText(decodeHTML);
    expect(text.reading.head('<p>An excerpt</p>')).toBe('');
    expect(text.reading.shown('Q&amp;A')).toBe('Q&A');
    expect(text.exact()).toBe(true);
    expect(text.reading.shown('Pass <em>PLAB</em>')).toBe('');
    expect(text.exact()).toBe(false);
  });
});
