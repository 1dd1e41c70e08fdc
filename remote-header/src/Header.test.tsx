import { act, screen, within } from '@testing-library/react';
import { itemAdded, type MenuItem } from 'shared-store';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import Header from './Header';

const menu: MenuItem[] = [
  {
    ID: 1,
    title: 'PLAB <span class="menu-badge">New</span><img src=x onerror="window.hacked=1">',
    url: '/plab',
    items: [
      { ID: 11, title: 'PLAB 1', url: '/plab-1' },
      { ID: 12, title: 'Blog', url: 'https://www.example-academy.test/blog/' },
      { ID: 13, title: 'Bad', url: 'javascript:alert(1)' },
    ],
  },
  { ID: 2, title: 'About', url: '/about' },
];

/** Renders the header and waits until its menu has loaded. */
async function renderHeader() {
  mockFetch({
    '/wp-json/wp/v2/menu_home': () => ({ body: menu }),
    '/wp-json/wp/v2/pages/96030': () => ({
      body: { id: 96030, slug: 'home', title: { rendered: '' }, content: { rendered: '' } },
    }),
  });
  const rendered = renderWithProviders(<Header />);
  await screen.findByRole('button', { name: /PLAB/ });
  return rendered;
}

describe('Header', () => {
  it('shows the cart badge with the store quantity and an accessible name', async () => {
    const { store } = await renderHeader();
    act(() => {
      store.dispatch(itemAdded({ id: 1, slug: 'a', month: '1 Month', quantity: 2, price: 10 }));
    });
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('2');
  });

  it('links the 190x79 logo to the home page', async () => {
    await renderHeader();
    const logo = screen.getByRole('img', { name: 'Arora Medical Education' });
    expect(logo).toHaveAttribute('width', '190');
    expect(logo).toHaveAttribute('height', '79');
    expect(logo.closest('a')).toHaveAttribute('href', '/');
  });

  it('renders menu titles as sanitized HTML and sends /blog links to /blogs', async () => {
    const { user } = await renderHeader();
    const toggle = await screen.findByRole('button', { name: /PLAB/ });
    expect(toggle.querySelector('.menu-badge')).toHaveTextContent('New');
    expect(toggle.querySelector('img')?.getAttribute('onerror')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const submenu = within(toggle.closest('li') as HTMLElement);
    expect(submenu.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blogs');
    expect(submenu.getByText('Bad')).toBeVisible();
    expect(submenu.queryByRole('link', { name: 'Bad' })).not.toBeInTheDocument();
  });

  it('closes an open dropdown on a click outside the menu', async () => {
    const { user } = await renderHeader();
    const toggle = await screen.findByRole('button', { name: /PLAB/ });
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'PLAB 1' })).toBeVisible();
    await user.click(document.body);
    expect(screen.queryByRole('link', { name: 'PLAB 1' })).not.toBeInTheDocument();
  });

  it('shows Log In / Sign up to visitors', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Log In / Sign up' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
