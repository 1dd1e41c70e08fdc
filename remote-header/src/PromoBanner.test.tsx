import { act, fireEvent, screen } from '@testing-library/react';
import { mockFetch, mockViewport, renderWithProviders } from 'shared-store/testing';
import PromoBanner, { BANNER_PAUSE_CAP_MS, scrollDuration } from './PromoBanner';

const banner = {
  promotional_text: '<strong>Black Friday:</strong> 30% off',
  promotional_link: { title: 'Shop now', url: '/#courses-section', target: '_self' },
  promotional_speed: 20,
};

async function renderBanner(body: unknown, width = 1280, reducedMotion = false) {
  mockViewport(width, { reducedMotion });
  mockFetch({ '/wp-json/custom/v2/getPromotionalBanner': () => ({ body }) });
  const rendered = renderWithProviders(<PromoBanner />);
  await act(async () => {
    await Promise.resolve();
  });
  return rendered;
}

describe('PromoBanner', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('scrolls at the backend speed, 3 s slower on screens 500 px wide or less', () => {
    expect(scrollDuration(20, false)).toBe(20);
    expect(scrollDuration('15', true)).toBe(18);
    expect(scrollDuration('fast', false)).toBe(20);
  });

  it('shows the text with its formatting and the link, animated for the backend duration', async () => {
    const { container } = await renderBanner(banner);
    const region = await screen.findByRole('complementary', { name: 'Promotion' });
    expect(region).toHaveTextContent('Black Friday: 30% off');
    expect(region.querySelector('strong')).toHaveTextContent('Black Friday:');
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
    expect(container.querySelector('.hdr-promo__track')).toHaveStyle({ animationDuration: '20s' });
  });

  it('at 375 px one pass takes 3 s longer', async () => {
    const { container } = await renderBanner(banner, 375);
    await screen.findByRole('complementary', { name: 'Promotion' });
    expect(container.querySelector('.hdr-promo__track')).toHaveStyle({ animationDuration: '23s' });
  });

  it('pauses on hover or touch and resumes after at most its pause cap', async () => {
    jest.useFakeTimers();
    await renderBanner(banner);
    const region = await screen.findByRole('complementary', { name: 'Promotion' });
    fireEvent.touchStart(region);
    expect(region).toHaveAttribute('data-paused', 'true');
    act(() => {
      jest.advanceTimersByTime(BANNER_PAUSE_CAP_MS - 1);
    });
    expect(region).toHaveAttribute('data-paused', 'true');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(region).toHaveAttribute('data-paused', 'false');
    fireEvent.mouseEnter(region);
    expect(region).toHaveAttribute('data-paused', 'true');
    fireEvent.mouseLeave(region);
    expect(region).toHaveAttribute('data-paused', 'false');
  });

  it('with reduced motion it stands still and stays readable', async () => {
    await renderBanner(banner, 1280, true);
    const region = await screen.findByRole('complementary', { name: 'Promotion' });
    expect(region).toHaveClass('hdr-promo--static');
    expect(region).toHaveAttribute('data-paused', 'true');
  });

  it('no banner data: no banner and no gap, and the malformed answer is said once', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = await renderBanner(null);
    expect(container).toBeEmptyDOMElement();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      '/wp-json/custom/v2/getPromotionalBanner sent an answer of an unexpected shape:',
      expect.any(Array),
    );
    warn.mockRestore();
  });

  it('a javascript: link is not rendered', async () => {
    await renderBanner({
      ...banner,
      promotional_link: { title: 'Bad', url: 'javascript:alert(1)' },
    });
    await screen.findByRole('complementary', { name: 'Promotion' });
    expect(screen.queryByRole('link', { name: 'Bad' })).not.toBeInTheDocument();
  });
});
