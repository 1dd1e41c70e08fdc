import { decodeEntities } from './entities';

/** What a hostile title's handler would leave behind on the page, had it run. */
declare global {
  interface Window {
    decodedTitleRan?: boolean;
  }
}

afterEach(() => {
  delete window.decodedTitleRan;
});

describe('decodeEntities', () => {
  it('turns WordPress entities into text', () => {
    expect(decodeEntities('Q&amp;A &#038; PLAB&#8217;s tips')).toBe('Q&A & PLAB’s tips');
  });

  it('keeps the text of markup and nothing else', () => {
    expect(decodeEntities('<strong>PLAB 1</strong> &amp; <em>2</em>')).toBe('PLAB 1 & 2');
  });

  it('gives the text the HTML parser gives, plain or not, and the same the second time', () => {
    const parsed = (text: string) =>
      new DOMParser().parseFromString(text, 'text/html').body.textContent;
    for (const text of [
      'PLAB 1 Online Course',
      'MSRA – 3 months',
      '  leading spaces',
      '\ttab first',
      'trailing space ',
      'line\r\nbreak',
      'nul\0byte',
      'a < b',
      '&amp;',
      '',
    ]) {
      expect(decodeEntities(text)).toBe(parsed(text));
      expect(decodeEntities(text)).toBe(parsed(text));
    }
  });

  it('returns an empty string for anything that is not text', () => {
    expect(decodeEntities(undefined)).toBe('');
    expect(decodeEntities({ rendered: 'x' })).toBe('');
  });

  it('runs no handler of a hostile title while decoding it', async () => {
    expect(
      decodeEntities(
        '<img src=x onerror="window.decodedTitleRan=true">' +
          '<details open ontoggle="window.decodedTitleRan=true">MSRA</details>',
      ),
    ).toBe('MSRA');
    // jsdom fires a <details open>'s toggle in a task of its own, queued before this one: had the
    // title been parsed in the page's document, its handler would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.decodedTitleRan).toBeUndefined();
  });
});
