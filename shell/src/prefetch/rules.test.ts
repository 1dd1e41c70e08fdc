import { prefetchAllowed } from './rules';

describe('reading ahead is welcome only on a line the visitor does not pay for dearly', () => {
  it('is welcome where the browser says nothing of the line, and on a fast one', () => {
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed({ connection: { saveData: false, effectiveType: '4g' } })).toBe(true);
    expect(prefetchAllowed({ connection: { effectiveType: '3g' } })).toBe(true);
  });

  it('is not when the visitor asks to save data (Save-Data)', () => {
    expect(prefetchAllowed({ connection: { saveData: true, effectiveType: '4g' } })).toBe(false);
  });

  it('is not on a 2G line', () => {
    expect(prefetchAllowed({ connection: { effectiveType: '2g' } })).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: 'slow-2g' } })).toBe(false);
  });
});
