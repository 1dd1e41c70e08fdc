import { memo } from 'react';
import { COURSES_SECTION_ID } from 'shared-store';
import { courseItem, TrackedList } from '../analytics';
import { ListPrices, useListPrices } from '../hooks/useVariations';
import { CourseCard } from './CourseCard';
import { type Course } from '../data/shapes';

const LIST = { item_list_id: 'home_courses', item_list_name: 'Courses' };

/**
 * The courses list, in #courses-section: a skeleton of its size while loading, hidden if empty;
 * its cards priced by one read. Its courses are a list analytics is told of.
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
        <TrackedList list={LIST} entries={courses} toItem={courseItem}>
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
        </TrackedList>
      </ListPrices.Provider>
    </section>
  );
});
