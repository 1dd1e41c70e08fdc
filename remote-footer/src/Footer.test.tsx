import { act, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { eventBus } from 'shared-store';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import Footer, { copyrightLine } from './Footer';

const footerHtml =
  '<ul id="menu_footer_1"><li id="menu-item-1"><a href="/">Home</a></li>' +
  '<li id="menu-item-2"><a href="https://www.example-academy.test/courses/">Courses</a></li></ul>' +
  '<ul id="menu_footer_2"><li id="menu-item-9"><a href="/privacy-policy">Privacy Policy</a></li>' +
  '<li id="menu-item-10"><a href="javascript:alert(1)">Evil</a></li></ul>' +
  '<form action="/wp-json/custom/v1/newsletter"></form><script>window.hacked = 1</script>';

const homePage = {
  id: 96030,
  slug: 'home',
  title: { rendered: 'Home' },
  content: { rendered: '' },
  acf_groups: {
    FooterContent: {
      footerabtcontent: '<p>Doctors teaching doctors.</p>',
      copyrighttext: '© Arora Medical Education Ltd.',
      footerlogo: { url: '/logo.svg', alt: 'Arora footer logo', width: 190, height: 79 },
    },
  },
};

/** Where the router is: the footer's router links change it, plain links do not. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Renders the footer `openedAgoMs` after the page opened (the shell loads it after the page). */
async function renderFooter(
  footer: unknown = { html: footerHtml },
  page: unknown = homePage,
  openedAgoMs = 0,
) {
  jest.useFakeTimers();
  jest.advanceTimersByTime(openedAgoMs);
  mockFetch({
    '/wp-json/wp/v2/pages/96030': () => ({ body: page }),
    '/wp-json/wp/v2/footer': () => ({ body: footer }),
  });
  const rendered = renderWithProviders(
    <>
      <Footer />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { fakeTimers: true },
  );
  await act(async () => {
    await Promise.resolve();
  });
  return rendered;
}

function showFooter() {
  act(() => {
    jest.advanceTimersByTime(2000);
  });
}

describe('copyrightLine', () => {
  it('puts the current year before the backend text', () => {
    expect(copyrightLine('© Arora Medical Education Ltd.', 2026)).toBe(
      '© 2026 Arora Medical Education Ltd.',
    );
    expect(copyrightLine('© 2019 Arora Ltd.', 2026)).toBe('© 2026 Arora Ltd.');
  });

  it('falls back to the company name when the backend has no text', () => {
    expect(copyrightLine('   ', 2027)).toBe('© 2027 Arora Medical Education. All rights reserved.');
  });
});

describe('Footer', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('is a skeleton for the first 2 s, then the footer', async () => {
    const { container } = await renderFooter();
    act(() => {
      jest.advanceTimersByTime(1999);
    });
    expect(container.querySelector('.ftr-footer--skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('counts its 2 s from the page’s opening, not from its own mount: loaded 1.5 s in, it shows 0.5 s later', async () => {
    const { container } = await renderFooter(undefined, undefined, 1500);
    act(() => {
      jest.advanceTimersByTime(499);
    });
    expect(container.querySelector('.ftr-footer--skeleton')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('mounted after the page’s first 2 s, it shows at once', async () => {
    const { container } = await renderFooter(undefined, undefined, 2500);
    expect(container.querySelector('.ftr-footer--skeleton')).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows logo, the about text as its HTML, MENU and COMPANY lists and the copyright year', async () => {
    await renderFooter();
    showFooter();
    const about = screen.getByText('Doctors teaching doctors.');
    expect(about).toBeVisible();
    expect(about.tagName).toBe('P');
    expect(screen.getByRole('img', { name: 'Arora footer logo' })).toHaveAttribute('width', '190');
    const menu = within(screen.getByRole('navigation', { name: 'MENU' }));
    expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    const company = within(screen.getByRole('navigation', { name: 'COMPANY' }));
    expect(company.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(company.queryByText('Evil')).not.toBeInTheDocument();
    const year = String(new Date().getFullYear());
    expect(screen.getByText(`© ${year} Arora Medical Education Ltd.`)).toBeVisible();
  });

  it('the item named Courses links to /#courses-section', async () => {
    await renderFooter();
    showFooter();
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
  });

  it("links to the WordPress site's host are router links to the storefront's routes; other hosts are plain links", async () => {
    const wordpress = 'https://www.example-academy.test';
    const config = document.createElement('script');
    config.id = 'storefront-config';
    config.type = 'application/json';
    config.textContent = JSON.stringify({ wordpressUrl: wordpress });
    document.head.append(config);
    const { user } = await renderFooter({
      html:
        `<ul id="menu_footer_1"><li id="m-1"><a href="${wordpress}/about-us/">About us</a></li>` +
        `<li id="m-2"><a href="${wordpress}/blog/">Blogs</a></li></ul>` +
        '<ul id="menu_footer_2"><li id="m-3"><a href="https://uk.trustpilot.com/review/example">Reviews</a></li></ul>',
    });
    showFooter();
    const menu = within(screen.getByRole('navigation', { name: 'MENU' }));
    expect(await menu.findByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    expect(
      within(screen.getByRole('navigation', { name: 'COMPANY' })).getByRole('link', {
        name: 'Reviews',
      }),
    ).toHaveAttribute('href', 'https://uk.trustpilot.com/review/example');
    await user.click(menu.getByRole('link', { name: 'About us' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/about-us');
    config.remove();
  });

  it('the Arora Updates block has Register here going to /arora-subscribe-form', async () => {
    await renderFooter();
    showFooter();
    const block = within(screen.getByRole('region', { name: 'Arora Updates' }));
    expect(block.getByRole('link', { name: 'Register here' })).toHaveAttribute(
      'href',
      '/arora-subscribe-form',
    );
  });

  it('Back to Top scrolls to the top of the page', async () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo;
    const { user } = await renderFooter();
    showFooter();
    await user.click(screen.getByRole('button', { name: 'Back to Top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('Cookie settings asks the shell to show the cookie question again', async () => {
    const asked = jest.fn();
    const subscription = eventBus.on('consent:open').subscribe(asked);
    const { user } = await renderFooter();
    showFooter();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(asked).toHaveBeenCalledTimes(1);
    subscription.unsubscribe();
  });

  it('empty, malformed or failing footer data and missing home data still give a footer', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderFooter({ html: '<ul id="menu_footer_1"><li><a>broken' }, { id: 96030 });
    showFooter();
    expect(screen.getByRole('navigation', { name: 'MENU' })).toBeInTheDocument();
    expect(screen.getByText(/All rights reserved\.$/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Register here' })).toBeVisible();
  });
});
