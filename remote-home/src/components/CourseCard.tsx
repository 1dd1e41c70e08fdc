import {
  decodeEntities,
  formatPrice,
  itemUpdated,
  notify,
  safeUrl,
  toPrice,
  useAppDispatch,
  type Course,
} from 'shared-store';

const DEFAULT_MONTH = '1 Month';

/** One course: title, image, price and its Add to cart button. */
export function CourseCard({ course }: { course: Course }) {
  const dispatch = useAppDispatch();
  const title = decodeEntities(course.title);
  const price = toPrice(course.price);

  return (
    <article className="home-card">
      <img
        className="home-card__image"
        src={safeUrl(course.image.url)}
        alt={course.image.alt ?? ''}
        width={course.image.width ?? 400}
        height={course.image.height ?? 225}
        loading="lazy"
      />
      <h3 className="home-card__title">{title}</h3>
      <p className="home-card__price">{price > 0 ? formatPrice(price) : 'Price on request'}</p>
      <button
        type="button"
        className="home-card__add"
        disabled={price <= 0}
        aria-label={`Add ${title} to cart`}
        onClick={() => {
          dispatch(
            itemUpdated({
              id: course.id,
              slug: course.slug,
              month: DEFAULT_MONTH,
              quantity: 1,
              price,
              title,
            }),
          );
          notify('success', `${title} added to your cart`);
        }}
      >
        Add to cart
      </button>
    </article>
  );
}
