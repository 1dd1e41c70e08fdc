import { memo } from 'react';
import { useShownText } from 'shared-store';
import { courseDetailsPath } from '../data/reads';
import { useAddToCart } from '../hooks/useAddToCart';
import { useMonthChoice } from './MonthChoice';
import { CardImage } from './SafeImage';
import { AddLabel, courseLine, coursePath, TitleLink } from './shopLines';
import { type Course } from '../data/shapes';
import './cards.css';

/**
 * One course: title (a link to its page), image, what it is (its excerpt, at most three lines),
 * its month options with prices, and Add to cart.
 * `priority`: the card is on the page's first screen, its image loaded at once and first.
 */
export const CourseCard = memo(function CourseCard({
  course,
  priority = false,
}: {
  course: Course;
  priority?: boolean;
}) {
  const title = useShownText(course.title);
  const { option, view } = useMonthChoice(course.product_id, 'Access');
  const { add, busy } = useAddToCart();

  return (
    <article className="home-card">
      <CardImage image={course.image} priority={priority} />
      <h3 className="home-card__title">
        <TitleLink
          to={coursePath(course.slug)}
          title={title}
          id={course.id}
          reads={courseDetailsPath(course.id)}
        />
      </h3>
      {/* The excerpt is HTML the gateway sanitized when it served the list. */}
      {course.excerpt.trim() && (
        <div className="home-card__summary" dangerouslySetInnerHTML={{ __html: course.excerpt }} />
      )}
      {view}
      <button
        type="button"
        className="home-card__add"
        disabled={!option || busy}
        onClick={() => {
          if (!option) return;
          add(courseLine(course, title, option));
        }}
      >
        <AddLabel title={title} />
      </button>
    </article>
  );
});
