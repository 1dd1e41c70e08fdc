import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { provideModel } from 'shared-store';
import {
  cartModelStandIn,
  mockFetch,
  renderWithProviders,
  type MockHandler,
} from 'shared-store/testing';
import MembershipsPage from './MembershipsPage';
import { HOME_PAGE, MEMBERSHIPS, PRICES, SERVER_ERROR, answer, inTurn } from '../testSupport';

/** The cart's model, as the shell provides it: what the page asks of it. */
const cart = cartModelStandIn();
provideModel('cart', cart.model);

beforeEach(() => {
  cart.asked.length = 0;
});

function renderMemberships(home: MockHandler = answer(HOME_PAGE)) {
  mockFetch({
    '/wp-json/wp/v2/pages/96030': home,
    '/wp-json/wp/v2/pages': answer(MEMBERSHIPS),
    '/api/shop/prices': answer(PRICES),
  });
  return renderWithProviders(
    <Routes>
      <Route path="/memberships" element={<MembershipsPage />} />
    </Routes>,
    { route: '/memberships' },
  );
}

/** The card (article) of a package, by its title. */
function card(title: string) {
  const heading = screen.getByRole('heading', { level: 3, name: title });
  const article = heading.closest('article');
  if (!article) throw new Error(`${title} is in no card`);
  return within(article);
}

describe('the memberships page', () => {
  it('is headed by its WordPress page, with its introduction', async () => {
    renderMemberships();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Memberships: Silver, Gold & Ultimate',
      }),
    ).toBeVisible();
    expect(screen.getByText('One price for every question bank.')).toBeVisible();
    expect(document.title).toBe('Memberships: Silver, Gold & Ultimate | Arora Medical Education');
  });

  it('shows each tier with its durations and their prices, a sale’s regular price struck through', async () => {
    renderMemberships();
    await screen.findAllByRole('group', { name: 'Duration' });
    const gold = card('Gold Membership');
    expect(gold.getAllByRole('radio').map((option) => option.parentElement?.textContent)).toEqual([
      '3 Months £99.99',
      '6 Months £179.99',
    ]);
    expect(gold.getByText('£99.99', { selector: 'p' })).toBeVisible();
    expect(card('Silver Membership').getByText('£29.99', { selector: 'p' })).toBeVisible();
    const ultimate = card('Ultimate Membership').getByText('Now').parentElement;
    expect(ultimate).toHaveTextContent('Was £149.99 Now £129.99');
    expect(ultimate?.querySelector('s')).toHaveTextContent('Was £149.99');
  });

  it('Choose puts the tier in the cart with the duration picked', async () => {
    const { user } = renderMemberships();
    await screen.findAllByRole('group', { name: 'Duration' });
    const gold = card('Gold Membership');
    await user.click(gold.getByRole('radio', { name: '6 Months £179.99' }));
    await user.click(gold.getByRole('button', { name: 'Choose Gold Membership' }));
    expect(cart.asked).toEqual([
      {
        packageChosen: {
          product_id: 3202,
          slug: 'gold-membership',
          title: 'Gold Membership',
          tier: 'gold',
          month: '6 Months',
          price: 179.99,
          variation_id: 320206,
        },
      },
    ]);
  });

  it('packages that could not load say so, and Try again shows them', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderMemberships(inTurn(SERVER_ERROR, answer(HOME_PAGE)));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our memberships.");
    expect(console.warn).toHaveBeenCalledWith(
      'Could not load /wp-json/wp/v2/pages/96030:',
      expect.anything(),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Choose Gold Membership' })).toBeVisible();
  });
});
