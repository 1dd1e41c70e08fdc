import { memo, useMemo } from 'react';
import { decodeEntities, itemUpdated, type Course } from 'shared-store';
import { useAddToCart } from '../hooks/useAddToCart';
import { useMonthChoice } from './MonthChoice';
import { SafeImage } from './SafeImage';

/** One course: title, image, its month options with prices, and Add to cart. */
export const CourseCard = memo(function CourseCard({ course }: { course: Course }) {
  // Decoding parses the title twice (DOMPurify, DOMParser): once per title, not per render.
  const title = useMemo(() => decodeEntities(course.title), [course.title]);
  const { option, view } = useMonthChoice(course.product_id, 'Access');
  const { add, busy } = useAddToCart(title);

  return (
    <article className="home-card">
      <SafeImage className="home-card__image" image={course.image} width={400} height={225} />
      <h3 className="home-card__title">{title}</h3>
      {view}
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
});
