import { SUBSCRIPTION_TIERS } from 'shared-store';
import { useAddToCart } from '../hooks/useAddToCart';
import { useMonthChoice } from './MonthChoice';
import { type SubscriptionPackage } from '../data/shapes';
import './cards.css';

/** A subscription package (silver, gold, ultimate) with its durations. */
export function PackageCard({ pack }: { pack: SubscriptionPackage }) {
  const { option, view } = useMonthChoice(pack.product_id, 'Duration');
  const { add, busy } = useAddToCart();
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
          // Choosing one replaces any package in the cart (the cart's rule).
          add((cart) =>
            cart.packageChosen({
              product_id: pack.product_id,
              slug: pack.slug,
              title: pack.title,
              tier,
              month: option.month,
              price: option.price,
              variation_id: option.variationId,
              ...(option.maxQuantity === undefined ? {} : { max_quantity: option.maxQuantity }),
            }),
          );
        }}
      >
        Choose {pack.title}
      </button>
    </article>
  );
}
