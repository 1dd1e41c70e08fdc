import { useState } from 'react';
import { decodeEntities, formatPrice, itemUpdated, type Course } from 'shared-store';
import { useAddToCart } from '../hooks/useAddToCart';
import { useVariations } from '../hooks/useVariations';
import { MonthPicker } from './MonthPicker';
import { SafeImage } from './SafeImage';

/** One course: title, image, its month options with prices, and Add to cart. */
export function CourseCard({ course }: { course: Course }) {
  const title = decodeEntities(course.title);
  const variations = useVariations(course.product_id);
  const [chosen, setChosen] = useState<number | null>(null);
  const { add, busy } = useAddToCart(title);
  const options = variations.status === 'ready' ? variations.options : [];
  const option = options.find((o) => o.variationId === chosen) ?? options[0];

  return (
    <article className="home-card">
      <SafeImage className="home-card__image" image={course.image} width={400} height={225} />
      <h3 className="home-card__title">{title}</h3>
      {variations.status === 'loading' && <p className="home-card__price home-skeleton-text" />}
      {variations.status === 'failed' && <p className="home-card__price">Price on request</p>}
      {option && (
        <>
          <MonthPicker
            label="Access"
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
        disabled={!option || busy}
        aria-label={`Add ${title} to cart`}
        onClick={() => {
          if (!option) return;
          add((dispatch) =>
            dispatch(
              itemUpdated({
                id: course.id,
                slug: course.slug,
                month: option.month,
                quantity: 1,
                price: option.price,
                title,
                product_id: course.product_id,
                variation_id: option.variationId,
              }),
            ),
          );
        }}
      >
        Add to cart
      </button>
    </article>
  );
}
