import { memo } from 'react';
import { COURSES_SECTION_ID, type Course } from 'shared-store';
import { ListPrices, useListPrices } from '../hooks/useVariations';
import { CourseCard } from './CourseCard';

/**
 * The courses list, in #courses-section: a skeleton of its size while loading, hidden if empty;
 * its cards priced by one read.
 */
export const CoursesSection = memo(function CoursesSection({
  courses,
  loading,
}: {
  courses: Course[];
  loading: boolean;
}) {
  const prices = useListPrices(courses.map((course) => course.product_id));
  if (!loading && courses.length === 0) return null;
  return (
    <section id={COURSES_SECTION_ID} className="home-section" aria-labelledby="home-courses-title">
      <h2 id="home-courses-title">Courses</h2>
      <ListPrices.Provider value={prices}>
        <ul className="home-grid" aria-busy={loading && courses.length === 0}>
          {courses.length === 0
            ? [0, 1, 2, 3].map((i) => (
                <li key={i}>
                  <div className="home-card home-card--skeleton" aria-hidden="true" />
                </li>
              ))
            : courses.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} />
                </li>
              ))}
        </ul>
      </ListPrices.Provider>
    </section>
  );
});
