import { screen, waitFor, within } from '@testing-library/react';
import { provideModel } from 'shared-store';
import { cartModelStandIn, mockFetch, renderWithProviders } from 'shared-store/testing';
import { MSRA, PLAB_1, PLAB_1_VARIATIONS, answer } from '../testSupport';
import { CoursesSection } from './CoursesSection';
import { PackagesSection } from './PackagesSection';
import { type Course, type SubscriptionPackage } from '../data/shapes';

/** The cart's model, as the shell provides it. */
provideModel('cart', cartModelStandIn().model);

/** The prices read of these product ids, as the page asks it. */
const pricesRead = (ids: number[]) => `/api/shop/prices?ids=${encodeURIComponent(ids.join(','))}`;

const shopCalls = (calls: string[]) => calls.filter((url) => url.startsWith('/api/shop/'));

/** The card (article) a heading or text is in. */
function cardOf(element: HTMLElement): HTMLElement {
  const card = element.closest('article');
  if (!card) throw new Error(`"${element.textContent}" is in no card`);
  return card;
}

describe('the home page’s priced lists', () => {
  it('the courses ask one prices read for all their cards, and no product’s own', async () => {
    const NO_PRODUCT: Course = { ...MSRA, id: 2199, title: 'No product', product_id: 0 };
    const { calls } = mockFetch({
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: PLAB_1_VARIATIONS }),
    });
    renderWithProviders(
      <CoursesSection
        courses={[PLAB_1, MSRA, { ...PLAB_1, id: 2104 }, NO_PRODUCT]}
        loading={false}
      />,
    );
    await waitFor(() => {
      expect(screen.getAllByRole('group', { name: 'Access' })).toHaveLength(3);
    });
    expect(shopCalls(calls)).toEqual([pricesRead([3103, 3105])]);
    const unpriced = cardOf(screen.getByRole('heading', { name: 'No product' }));
    expect(within(unpriced).getByText('Price on request')).toBeVisible();
  });

  it('the packages ask one prices read; a package the shop cannot price says Price on request', async () => {
    const pack = (tier: string, productId: number): SubscriptionPackage => ({
      tier,
      product_id: productId,
      slug: `${tier}-membership`,
      title: `${tier} membership`,
      features: ['Every question bank'],
    });
    const { calls } = mockFetch({
      '/api/shop/prices': answer({ 3201: PLAB_1_VARIATIONS, 3202: PLAB_1_VARIATIONS, 3203: null }),
    });
    renderWithProviders(
      <PackagesSection
        packages={[pack('silver', 3201), pack('gold', 3202), pack('ultimate', 3203)]}
      />,
    );
    const ultimate = cardOf(await screen.findByText('Price on request'));
    expect(within(ultimate).getByRole('heading', { name: 'ultimate membership' })).toBeVisible();
    expect(
      within(ultimate).getByRole('button', { name: 'Choose ultimate membership' }),
    ).toBeDisabled();
    expect(screen.getAllByRole('group', { name: 'Duration' })).toHaveLength(2);
    expect(shopCalls(calls)).toEqual([pricesRead([3201, 3202, 3203])]);
  });
});
