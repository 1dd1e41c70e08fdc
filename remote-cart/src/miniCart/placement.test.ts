import { placeBeside } from './placement';

/** A phone's screen: 812 px high, the header's bottom 120 px down. */
const HEIGHT = 812;
const HEADER = 120;

describe('where the mini-cart opens', () => {
  it('below a button in the upper part of the screen, down to the screen’s foot', () => {
    expect(placeBeside({ top: 200, bottom: 244 }, HEADER, HEIGHT)).toEqual({
      top: 252,
      maxHeight: 552,
    });
  });

  it('above a button in the lower part, never over the header', () => {
    expect(placeBeside({ top: 600, bottom: 644 }, HEADER, HEIGHT)).toEqual({
      bottom: 220,
      maxHeight: 464,
    });
  });

  it('with the header scrolled away, it may use the screen up to its top', () => {
    expect(placeBeside({ top: 700, bottom: 744 }, -300, HEIGHT)).toEqual({
      bottom: 120,
      maxHeight: 684,
    });
  });

  it('without a button to stand beside, under the header', () => {
    expect(placeBeside(undefined, HEADER, HEIGHT)).toEqual({ top: 128, maxHeight: 676 });
  });
});
