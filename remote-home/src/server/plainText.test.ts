import fc from 'fast-check';
import { decodeEntities } from 'shared-store';
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
  '&mdash;',
  '&unknown;',
  '&',
  '&#',
  '#',
  ';',
  'x',
  'PLAB',
  '1',
  ' ',
  '\t',
  '\n',
  '\f',
  '\r',
  '\0',
  '<',
  '>',
  '<b>',
  '</b>',
  'é',
  '—',
];

describe('WordPress text read on the server, where there is no DOM parser', () => {
  it('is what the browser reads, or nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((pieces) => pieces.join('')),
        (text) => {
          const plain = plainTextOf(text);
          return plain === undefined || plain === decodeEntities(text);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads titles as WordPress sends them, their references decoded', () => {
    expect(plainTextOf('PLAB 1 Online Course &#038; Mocks')).toBe('PLAB 1 Online Course & Mocks');
    expect(plainTextOf('The GMC&#8217;s map &#8212; 2027')).toBe('The GMC’s map — 2027');
    expect(plainTextOf('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
    expect(plainTextOf(undefined)).toBe('');
  });

  it('does not read markup, which the browser makes elements of', () => {
    expect(plainTextOf('<img src=x onerror=alert(1)>')).toBeUndefined();
    expect(plainTextOf('Pass <em>PLAB</em>')).toBeUndefined();
  });

  it('tells the page’s render that a shown text could not be read, never for its head alone', () => {
    const text = serverPlainText();
    text.reading.head('<p>An excerpt</p>');
    expect(text.exact()).toBe(true);
    expect(text.reading.shown('Pass <em>PLAB</em>')).toBe('');
    expect(text.exact()).toBe(false);
  });
});
