import { useState } from 'react';
import {
  SUBSCRIPTION_TIERS,
  durationSet,
  formatPrice,
  packageReplaced,
  subscriptionAdded,
  type SubscriptionPackage,
} from 'shared-store';
import { useAddToCart } from '../hooks/useAddToCart';
import { useVariations } from '../hooks/useVariations';
import { MonthPicker } from './MonthPicker';

/** Every package in the cart shares this slug, so choosing one replaces another. */
export const PACKAGE_SLUG = 'membership';

/** A subscription package (silver, gold, ultimate) with its durations. */
export function PackageCard({ pack }: { pack: SubscriptionPackage }) {
  const variations = useVariations(pack.product_id);
  const [chosen, setChosen] = useState<number | null>(null);
  const { add, busy } = useAddToCart(pack.title);
  const tier = SUBSCRIPTION_TIERS.find((known) => known === pack.tier);
  const options = variations.status === 'ready' ? variations.options : [];
  const option = options.find((o) => o.variationId === chosen) ?? options[0];

  return (
    <article className={`home-package home-package--${tier ?? 'other'}`}>
      <h3 className="home-package__title">{pack.title}</h3>
      <ul className="home-package__features">
        {pack.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {variations.status === 'failed' && <p className="home-card__price">Price on request</p>}
      {option && (
        <>
          <MonthPicker
            label="Duration"
            options={options}
            value={option.variationId}
            onChange={setChosen}
          />
          <p className="home-card__price">{formatPrice(option.price)}</p>
        </>
      )}
      <button
        type="button"
        className="home-card__add"
        disabled={!option || !tier || busy}
        onClick={() => {
          if (!option || !tier) return;
          add((dispatch) => {
            dispatch(
              packageReplaced({
                id: pack.product_id,
                slug: PACKAGE_SLUG,
                month: option.month,
                quantity: 1,
                price: option.price,
                title: pack.title,
                tier,
                product_id: pack.product_id,
                variation_id: option.variationId,
              }),
            );
            dispatch(durationSet({ tier, duration: option.month }));
            dispatch(subscriptionAdded({ slug: pack.slug, id: pack.product_id }));
          });
        }}
      >
        Choose {pack.title}
      </button>
    </article>
  );
}
