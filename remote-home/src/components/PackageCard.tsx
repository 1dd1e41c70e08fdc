import {
  SUBSCRIPTION_TIERS,
  durationSet,
  packageReplaced,
  subscriptionAdded,
  type SubscriptionPackage,
} from 'shared-store';
import { useAddToCart } from '../hooks/useAddToCart';
import { useMonthChoice } from './MonthChoice';

/** Every package in the cart shares this slug, so choosing one replaces another. */
export const PACKAGE_SLUG = 'membership';

/** A subscription package (silver, gold, ultimate) with its durations. */
export function PackageCard({ pack }: { pack: SubscriptionPackage }) {
  const { option, view } = useMonthChoice(pack.product_id, 'Duration');
  const { add, busy } = useAddToCart(pack.title);
  const tier = SUBSCRIPTION_TIERS.find((known) => known === pack.tier);

  return (
    <article className={`home-package home-package--${tier ?? 'other'}`}>
      <h3 className="home-package__title">{pack.title}</h3>
      <ul className="home-package__features">
        {pack.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {view}
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
