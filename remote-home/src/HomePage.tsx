import { useEffect } from 'react';
import {
  COURSES_SECTION_ID,
  homeCourseSlice,
  loadCourses,
  useAppDispatch,
  useAppSelector,
} from 'shared-store';
import { CourseCard } from './components/CourseCard';
import './home.css';

/** The home page sections; the courses list sits in #courses-section. */
export default function HomePage() {
  const dispatch = useAppDispatch();
  const courses = useAppSelector(homeCourseSlice.selectors.selectItems);

  useEffect(() => {
    void dispatch(loadCourses());
  }, [dispatch]);

  return (
    <div className="home-page">
      <section
        id={COURSES_SECTION_ID}
        className="home-courses"
        aria-labelledby="home-courses-title"
      >
        <h2 id="home-courses-title">Courses</h2>
        <ul className="home-courses__list">
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
