import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWithProviders, type MockHandler } from 'shared-store/testing';
import WordPressPage from './WordPressPage';

const PAGES_ROUTE = '/wp-json/wp/v2/pages';
const NOT_FOUND_ROUTE = '/wp-json/custom/v1/404';

const contentMap = {
  id: 96120,
  slug: 'content-map',
  title: { rendered: 'UKMLA content map &#8211; 2027 <em>edition</em>' },
  content: {
    rendered:
      '<h2>Areas of clinical practice</h2><p>Acute and emergency care.</p>' +
      // The gateway serves a link to the WordPress site's page as the storefront's route.
      '<p><a href="/about-us">About us</a></p>',
  },
};

const aboutUs = {
  id: 96121,
  slug: 'about-us',
  title: { rendered: 'About us' },
  content: { rendered: '<p>Doctors teaching doctors since 2014.</p>' },
};

const notFound = {
  title: 'Page not found',
  content: '<p>Sorry, we could not find the page you were looking for.</p>',
};

/** Answers `pages?slug=` from the pages given, by slug. */
function pagesBySlug(...pages: { slug: string }[]): MockHandler {
  return ({ url }) => {
    const slug = new URL(url, 'http://localhost').searchParams.get('slug');
    return { body: pages.filter((page) => page.slug === slug) };
  };
}

function renderAt(route: string, handlers: Record<string, MockHandler>) {
  const fetched = mockFetch(handlers);
  return {
    ...fetched,
    ...renderWithProviders(
      <Routes>
        <Route path="*" element={<WordPressPage />} />
      </Routes>,
      { route },
    ),
  };
}

describe('WordPressPage', () => {
  it('shows the WordPress page of the path’s last segment: decoded title, content as the HTML served', async () => {
    const { calls, container } = renderAt('/ukmla/content-map/', {
      [PAGES_ROUTE]: pagesBySlug(contentMap),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page…');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'UKMLA content map – 2027 edition' }),
    ).toBeInTheDocument();
    expect(container.querySelector('h1 em')).toBeNull();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Areas of clinical practice' }),
    ).toBeVisible();
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=content-map`]);
    expect(document.title).toBe('UKMLA content map – 2027 edition | Arora Medical Education');
  });

  it('a link to a storefront page in the content opens it in the app, without a reload', async () => {
    const { user, calls } = renderAt('/ukmla/content-map', {
      [PAGES_ROUTE]: pagesBySlug(contentMap, aboutUs),
    });
    await user.click(await screen.findByRole('link', { name: 'About us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.getByText('Doctors teaching doctors since 2014.')).toBeVisible();
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=content-map`, `${PAGES_ROUTE}?slug=about-us`]);
  });

  it('no WordPress page of that slug: the not-found page, with the site’s words and ways on', async () => {
    const { calls } = renderAt('/no-such-page', {
      [PAGES_ROUTE]: pagesBySlug(contentMap),
      [NOT_FOUND_ROUTE]: () => ({ body: notFound }),
    });
    expect(
      await screen.findByText('Sorry, we could not find the page you were looking for.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=no-such-page`, NOT_FOUND_ROUTE]);
    expect(document.title).toBe('Page not found | Arora Medical Education');
  });

  it.each([
    ['two slugs at once', '/privacy-policy,terms-and-conditions'],
    ['a file name', '/wp-login.php'],
  ])(
    'an address no page can have (%s): the not-found page, WordPress not asked',
    async (_case, path) => {
      const { calls } = renderAt(path, { [NOT_FOUND_ROUTE]: () => ({ body: notFound }) });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeVisible();
      expect(calls).toEqual([NOT_FOUND_ROUTE]);
    },
  );

  it('an address with a broken escape: the not-found page, WordPress not asked', async () => {
    // The router warns of the address itself (in development builds).
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = renderAt('/courses/%E0%A4%A', {
      [NOT_FOUND_ROUTE]: () => ({ body: notFound }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(calls).toEqual([NOT_FOUND_ROUTE]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be decoded'));
  });

  it('a read that fails is not a missing page: it says so and "Try again" asks again', async () => {
    let attempts = 0;
    const { user } = renderAt('/about-us', {
      [PAGES_ROUTE]: (request) => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: undefined } : pagesBySlug(aboutUs)(request);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't load this page just now.",
    );
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
  });

  it('a page without a title or content: a heading from its slug and a clear message', async () => {
    renderAt('/exam-dates', {
      [PAGES_ROUTE]: () => ({
        body: [{ id: 7, slug: 'exam-dates', title: null, content: { rendered: '' } }],
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam dates' })).toBeVisible();
    expect(
      screen.getByText('This page has no content yet. Please check again later.'),
    ).toBeVisible();
  });
});
