import { act, screen } from '@testing-library/react';
import { mockViewport, renderWithProviders } from 'shared-store/testing';
import TrustStrip, { REVIEW_PAGE_URL, SLIDE_INTERVAL_MS } from './TrustStrip';

const TITLES = ['Award Winning', 'Over 10 Years of Teaching Experience', 'Excellent'];

function visibleTitles() {
  return TITLES.filter((title) => screen.queryByRole('link', { name: new RegExp(title) }));
}

describe('TrustStrip', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('on desktop shows all three, each linking to the review page', () => {
    mockViewport(1280);
    renderWithProviders(<TrustStrip />);
    for (const title of TITLES) {
      expect(screen.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
        'href',
        REVIEW_PAGE_URL,
      );
    }
  });

  it('at 375 px it is a slider whose autoplay starts after 40 s', () => {
    jest.useFakeTimers();
    mockViewport(375);
    renderWithProviders(<TrustStrip />);
    expect(visibleTitles()).toEqual(['Award Winning']);
    act(() => {
      jest.advanceTimersByTime(39_999);
    });
    expect(visibleTitles()).toEqual(['Award Winning']);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    // Autoplay has started: the first move comes one interval later.
    act(() => {
      jest.advanceTimersByTime(SLIDE_INTERVAL_MS - 1);
    });
    expect(visibleTitles()).toEqual(['Award Winning']);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(visibleTitles()).toEqual(['Over 10 Years of Teaching Experience']);
  });

  it('the arrows move the slider at any time', async () => {
    mockViewport(375);
    const { user } = renderWithProviders(<TrustStrip />);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(visibleTitles()).toEqual(['Excellent']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleTitles()).toEqual(['Award Winning']);
  });

  it('with reduced motion it never autoplays', () => {
    jest.useFakeTimers();
    mockViewport(375, { reducedMotion: true });
    renderWithProviders(<TrustStrip />);
    act(() => {
      jest.advanceTimersByTime(120_000);
    });
    expect(visibleTitles()).toEqual(['Award Winning']);
  });
});
