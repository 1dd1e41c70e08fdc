import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { safeStorage } from 'shared-store';
import {
  makeStore,
  mockFetch,
  mockViewport,
  renderWithProviders,
  userLoggedIn,
} from 'shared-store/testing';
import Header from './Header';
import { type MenuItem } from './data/shapes';

const menu: MenuItem[] = [
  {
    ID: 1,
    title: 'PLAB <span class="menu-badge">New</span>',
    url: '/plab',
    items: [
      { ID: 11, title: 'First', url: '/1' },
      { ID: 12, title: 'Second', url: '/2' },
      { ID: 13, title: 'Third', url: '/3' },
      { ID: 14, title: 'Fourth', url: '/4' },
      { ID: 15, title: 'Blog', url: 'https://www.example-academy.test/blog/' },
      { ID: 16, title: 'Bad', url: 'javascript:alert(1)' },
    ],
  },
  { ID: 2, title: 'About', url: '/about' },
];

/** Two dropdowns side by side, the first with one inside it. */
const twoDropdowns: MenuItem[] = [
  {
    ID: 1,
    title: 'PLAB',
    url: '/plab',
    items: [
      { ID: 11, title: 'First', url: '/1' },
      {
        ID: 12,
        title: 'PLAB 2 mock circuits',
        url: '/mocks',
        items: [{ ID: 121, title: 'London', url: '/locations/1' }],
      },
    ],
  },
  { ID: 2, title: 'Resources', url: '#', items: [{ ID: 21, title: 'Blog', url: '/blog/' }] },
];

const homePage = { id: 96030, slug: 'home', title: { rendered: '' }, content: { rendered: '' } };

const WORDPRESS = 'https://www.example-academy.test';

/** Where the router is: the header's router links change it, plain links do not. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search + location.hash}</p>;
}

/** Renders the header at a width and waits until it has mounted and its menu has loaded. */
async function renderHeader(
  width = 1280,
  menuBody: unknown = menu,
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  mockViewport(width);
  mockFetch({
    '/wp-json/wp/v2/menu_home': () => ({ body: menuBody }),
    '/wp-json/wp/v2/pages/96030': () => ({ body: homePage }),
  });
  const rendered = renderWithProviders(
    <>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    options,
  );
  await screen.findByRole('link', { name: /^Cart, / });
  if (Array.isArray(menuBody) && menuBody.length > 0) {
    // On phones the loaded menu is in the closed panel: found, but not visible.
    await waitFor(() => {
      expect(rendered.container.querySelector('.hdr-menu__item')).not.toBeNull();
    });
  }
  return rendered;
}

/** The page's public configuration, as the gateway inlines it. */
function withPageConfig(config: Record<string, string>) {
  const element = document.createElement('script');
  element.id = 'storefront-config';
  element.type = 'application/json';
  element.textContent = JSON.stringify(config);
  document.head.append(element);
  return () => {
    element.remove();
  };
}

function loggedInState() {
  safeStorage.setItem('token', 'jwt.token');
  const store = makeStore();
  store.dispatch(userLoggedIn());
  return store.getState();
}

describe('Header', () => {
  it('shows the cart badge with the cart’s count and an accessible name (the stored cart’s while the cart cannot load)', async () => {
    await renderHeader(1280, menu, { preloadedState: { cartData: { totalQuantity: 2 } } });
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('2');
  });

  it('links the 190x79 logo to the home page', async () => {
    const { container } = await renderHeader();
    await waitFor(() => {
      expect(container.querySelector('img')).not.toBeNull();
    });
    const logo = screen.getByRole('img', { name: 'Arora Medical Education' });
    expect(logo).toHaveAttribute('width', '190');
    expect(logo).toHaveAttribute('height', '79');
    expect(logo.closest('a')).toHaveAttribute('href', '/');
  });

  it("the site's logo is the first image the header asks for: none before the page's data is read", async () => {
    mockViewport(1280);
    mockFetch({
      '/wp-json/wp/v2/menu_home': () => ({ body: menu }),
      '/wp-json/wp/v2/pages/96030': () => ({
        body: {
          ...homePage,
          acf_groups: {
            HeaderContent: {
              headerlogo: { url: 'https://cdn.example.test/logo.svg', alt: 'Arora logo' },
            },
          },
        },
      }),
    });
    const { container } = renderWithProviders(<Header />);
    // Its place is kept, named like the logo, with no image in it yet.
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Arora Medical Education' })).toHaveAttribute(
      'href',
      '/',
    );
    const logo = await screen.findByRole('img', { name: 'Arora logo' });
    expect(logo).toHaveAttribute('src', 'https://cdn.example.test/logo.svg');
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it("the bundled logo stands in when the page's data cannot be read", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockViewport(1280);
    mockFetch({
      '/wp-json/wp/v2/menu_home': () => ({ body: menu }),
      '/wp-json/wp/v2/pages/96030': () => ({ status: 500, body: {} }),
    });
    const { container } = renderWithProviders(<Header />);
    await waitFor(() => {
      expect(container.querySelector('img')).toHaveAttribute('src', 'test-file-stub');
    });
    expect(screen.getByRole('img', { name: 'Arora Medical Education' }).tagName).toBe('IMG');
  });

  it('renders menu titles as the HTML served, /blog links go to /blogs, script URLs are text', async () => {
    const { user } = await renderHeader();
    const toggle = await screen.findByRole('button', { name: /PLAB/ });
    expect(toggle.querySelector('.menu-badge')).toHaveTextContent('New');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const submenu = within(toggle.closest('li') as HTMLElement);
    expect(submenu.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blogs');
    expect(submenu.getByText('Bad')).toBeVisible();
    expect(submenu.queryByRole('link', { name: 'Bad' })).not.toBeInTheDocument();
  });

  it('a dropdown toggles on click and closes on a click outside', async () => {
    const { user } = await renderHeader();
    const toggle = await screen.findByRole('button', { name: /PLAB/ });
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'First' })).toBeVisible();
    await user.click(toggle);
    expect(screen.queryByRole('link', { name: 'First' })).not.toBeInTheDocument();
    await user.click(toggle);
    await user.click(document.body);
    expect(screen.queryByRole('link', { name: 'First' })).not.toBeInTheDocument();
  });

  it('Enter opens a dropdown from the keyboard and Escape closes it, focus back on its toggle', async () => {
    const { user } = await renderHeader();
    const toggle = await screen.findByRole('button', { name: /PLAB/ });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'First' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('one dropdown is open at a time: opening a second closes the first', async () => {
    const { user } = await renderHeader(1280, twoDropdowns);
    const plab = screen.getByRole('button', { name: 'PLAB' });
    const resources = screen.getByRole('button', { name: 'Resources' });
    await user.click(plab);
    await user.click(resources);
    expect(plab).toHaveAttribute('aria-expanded', 'false');
    expect(resources).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('link', { name: 'First' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Blog' })).toBeVisible();
  });

  it('a dropdown inside a dropdown opens with it; opening another closes both', async () => {
    const { user } = await renderHeader(1280, twoDropdowns);
    await user.click(screen.getByRole('button', { name: 'PLAB' }));
    await user.click(screen.getByRole('button', { name: 'PLAB 2 mock circuits' }));
    expect(screen.getByRole('link', { name: 'London' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resources' }));
    expect(screen.queryByRole('link', { name: 'London' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'PLAB' }));
    // Opened again, it opens alone: its inner dropdown closed with it.
    expect(screen.getByRole('button', { name: 'PLAB 2 mock circuits' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('Escape closes the open dropdown and gives the focus back to its button, wherever the focus was', async () => {
    const { user } = await renderHeader(1280, twoDropdowns);
    const resources = screen.getByRole('button', { name: 'Resources' });
    await user.click(resources);
    screen.getByRole('button', { name: 'Search' }).focus();
    await user.keyboard('{Escape}');
    expect(resources).toHaveAttribute('aria-expanded', 'false');
    expect(resources).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Blog' })).not.toBeInTheDocument();
  });

  it('following a link closes the open dropdown', async () => {
    const { user } = await renderHeader(1280, twoDropdowns);
    await user.click(screen.getByRole('button', { name: 'Resources' }));
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/blogs');
    expect(screen.getByRole('button', { name: 'Resources' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("from 992 to 1279 px a learner's buttons fold under My account, one of the header's dropdowns", async () => {
    const { user } = await renderHeader(1024, twoDropdowns, { preloadedState: loggedInState() });
    expect(screen.queryByRole('link', { name: 'My Dashboard' })).not.toBeInTheDocument();
    const account = screen.getByRole('button', { name: 'My account' });
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'My courses' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'PLAB' }));
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'My Dashboard' })).not.toBeInTheDocument();
    await user.click(account);
    expect(screen.getByRole('button', { name: 'PLAB' })).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
  });

  it('under My account, Logout stays in view while the logout asks what to do with an unsaved cart', async () => {
    const state = loggedInState();
    await renderHeader(1024, twoDropdowns, {
      preloadedState: { ...state, sessionStatus: { logout: 'failed', storageLost: false } },
    });
    expect(screen.getByRole('button', { name: 'My account' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('a visitor at 1024 px keeps Log In / Sign up in the header row', async () => {
    await renderHeader(1024);
    expect(screen.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'My account' })).not.toBeInTheDocument();
  });

  it('desktop keeps the submenu order', async () => {
    const { user } = await renderHeader(1280);
    await user.click(await screen.findByRole('button', { name: /PLAB/ }));
    const names = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(names.slice(1, 5)).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });

  it('at 375 px the menu sits behind a hamburger and the submenu shows even items first, then odd', async () => {
    const { user, container } = await renderHeader(375);
    const nav = container.querySelector('#hdr-main-menu');
    expect(nav).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(nav).toBeVisible();
    await user.click(screen.getByRole('button', { name: /PLAB/ }));
    const submenu = within(
      screen.getByRole('button', { name: /PLAB/ }).closest('li') as HTMLElement,
    );
    expect(submenu.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'First',
      'Third',
      'Blog',
      'Second',
      'Fourth',
      'Bad',
    ]);
  });

  it("menu links to the WordPress site's host are router links to the storefront's routes; other hosts are plain links", async () => {
    const restore = withPageConfig({ wordpressUrl: WORDPRESS });
    const { user } = await renderHeader(1280, [
      {
        ID: 1,
        title: 'Courses',
        url: `${WORDPRESS}/courses/`,
        items: [
          {
            ID: 11,
            title: 'PLAB 1 Online Course',
            url: `${WORDPRESS}/courses/plab-1-online-course/`,
          },
          { ID: 12, title: 'Exam dates', url: `${WORDPRESS}/exam-dates/?exam=plab#june` },
          { ID: 13, title: 'PLAB tips', url: `${WORDPRESS}/blog/plab-tips/` },
          {
            ID: 14,
            title: 'GMC registration',
            url: 'https://www.gmc-uk.org/registration',
            target: '_blank',
          },
          { ID: 15, title: 'Sneaky', url: ' jav\tascript:alert(1)' },
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Courses' }));
    const course = screen.getByRole('link', { name: 'PLAB 1 Online Course' });
    expect(course).toHaveAttribute('href', '/courses/plab-1-online-course');
    expect(screen.getByRole('link', { name: 'Exam dates' })).toHaveAttribute(
      'href',
      '/exam-dates?exam=plab#june',
    );
    // Any menu link containing /blog goes to /blogs.
    expect(screen.getByRole('link', { name: 'PLAB tips' })).toHaveAttribute('href', '/blogs');
    const external = screen.getByRole('link', { name: 'GMC registration' });
    expect(external).toHaveAttribute('href', 'https://www.gmc-uk.org/registration');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Sneaky').closest('a')).toBeNull();

    await user.click(course);
    expect(screen.getByTestId('where')).toHaveTextContent('/courses/plab-1-online-course');
    restore();
  });

  it('on phones the header is logo, search, cart and menu; Log In / Sign up is inside the menu', async () => {
    const { user } = await renderHeader(375);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Arora Medical Education' })).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Search' })).toBeVisible();
    expect(within(banner).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Log In / Sign up' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menuPanel = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(menuPanel.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
    expect(menuPanel.getByRole('link', { name: 'Log In / Sign up' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('on phones a learner finds My Dashboard, My courses and Logout inside the menu', async () => {
    const { user } = await renderHeader(375, menu, { preloadedState: loggedInState() });
    expect(screen.queryByRole('link', { name: 'My courses' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menuPanel = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(menuPanel.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
    expect(menuPanel.getByRole('button', { name: 'Logout' })).toBeVisible();
    await user.click(menuPanel.getByRole('link', { name: 'My courses' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/my-courses');
    // Following a link closes the menu.
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'My courses' })).not.toBeInTheDocument();
  });

  it('on desktop the account buttons stay in the header row, outside the menu', async () => {
    await renderHeader(1280, menu, { preloadedState: loggedInState() });
    const mainMenu = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(screen.getByRole('link', { name: 'My courses' })).toBeVisible();
    expect(mainMenu.queryByRole('link', { name: 'My courses' })).not.toBeInTheDocument();
    expect(mainMenu.queryByRole('link', { name: 'My Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('on phones the menu toggles on click, and Escape closes it with the focus back on Menu', async () => {
    const { user } = await renderHeader(375);
    const hamburger = screen.getByRole('button', { name: 'Menu' });
    await user.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await user.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');

    await user.click(hamburger);
    await user.tab();
    expect(screen.getByRole('button', { name: /PLAB/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    expect(hamburger).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Log In / Sign up' })).not.toBeInTheDocument();
  });

  it('on phones a click outside the open menu closes it', async () => {
    const { user } = await renderHeader(375);
    const hamburger = screen.getByRole('button', { name: 'Menu' });
    await user.click(hamburger);
    await user.click(screen.getByTestId('where'));
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows Log In / Sign up to visitors', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Log In / Sign up' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('a failing menu call still leaves logo, search, cart and login', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockViewport(1280);
    mockFetch({
      '/wp-json/wp/v2/menu_home': () => ({ status: 500, body: { code: 'x', message: 'down' } }),
      '/wp-json/wp/v2/pages/96030': () => ({ body: homePage }),
    });
    renderWithProviders(<Header />);
    expect(await screen.findByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Search' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Arora Medical Education' })).toBeVisible();
  });

  it('a menu with empty items, six levels of nesting and 500 items renders safely', async () => {
    const deep = (level: number): MenuItem => ({
      ID: level,
      title: `Level ${String(level)}`,
      url: `/l${String(level)}`,
      items: level < 6 ? [deep(level + 1)] : [],
    });
    const many = Array.from({ length: 500 }, (_, i) => ({
      ID: 100 + i,
      title: `Item ${String(i)}`,
      url: '/x',
    }));
    const hostile = [deep(1), ...many, { ID: 9 }, { title: '' }, null, 'junk'];
    await renderHeader(1280, hostile);
    expect(await screen.findByRole('button', { name: 'Level 1' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: /^Item / }).length).toBeLessThanOrEqual(60);
  });
});
