import { satisfies, sharedStoreRange } from './contract';

describe('shared-store contract', () => {
  it.each([
    ['1.0.0', '^1.0.0', true],
    ['1.4.2', '^1.0.0', true],
    ['2.0.0', '^1.0.0', false],
    ['1.0.0', '^2.0.0', false],
    ['1.0.0', '^1.2.0', false],
    ['1.2.5', '~1.2.0', true],
    ['1.3.0', '~1.2.0', false],
    ['1.0.0', '1.0.0', true],
    ['1.0.1', '1.0.0', false],
    ['1.0.0', '*', true],
    ['1.0.0', '>=1 <3', false],
  ])('%s meets %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it("reads the range from a manifest's shared list", () => {
    expect(
      sharedStoreRange({
        shared: [
          { name: 'react', requiredVersion: '19.3.1' },
          { name: 'shared-store', requiredVersion: '^1.0.0' },
        ],
      }),
    ).toBe('^1.0.0');
    expect(sharedStoreRange({ shared: 'nope' })).toBeUndefined();
    expect(sharedStoreRange(null)).toBeUndefined();
  });
});
