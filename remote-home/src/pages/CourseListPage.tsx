import { useMemo } from 'react';
import { EXAMS, useDocumentTitle, useRead, type Course } from 'shared-store';
import { courseItem, TrackedList } from '../analytics';
import { CourseCard } from '../components/CourseCard';
import { ListPrices, useListPrices } from '../hooks/useVariations';
import { ReadPage } from './PageParts';
import { courseList } from './reads';

const HEADING = 'All courses';
const TRAIL = [{ label: 'Courses' }];
const LIST = { item_list_id: 'all_courses', item_list_name: HEADING };

/** The courses by exam, in the order of EXAMS; courses of any other exam last, as More courses. */
export function byExam(courses: Course[]): [string, Course[]][] {
  const exam = (course: Course) => course.exam.trim().toUpperCase();
  const known: readonly string[] = EXAMS;
  const groups: [string, Course[]][] = EXAMS.map((name) => [
    name,
    courses.filter((course) => exam(course) === name),
  ]);
  groups.push(['More courses', courses.filter((course) => !known.includes(exam(course)))]);
  return groups.filter(([, list]) => list.length > 0);
}

/**
 * The courses' cards by exam, all of them priced by one read: one list for analytics, in the
 * order shown.
 */
function CourseGroups({ courses }: { courses: Course[] }) {
  const prices = useListPrices(courses.map((course) => course.product_id));
  const groups = useMemo(() => byExam(courses), [courses]);
  const shown = useMemo(() => groups.flatMap(([, list]) => list), [groups]);
  return (
    <ListPrices.Provider value={prices}>
      <TrackedList list={LIST} entries={shown} toItem={courseItem}>
        {groups.map(([exam, list], group) => (
          <section key={exam} className="home-shop__group">
            <h2>{exam}</h2>
            <ul className="home-grid">
              {list.map((course, i) => (
                <li key={course.id}>
                  {/* The first card's image is the largest thing on a phone's first screen. */}
                  <CourseCard course={course} priority={group === 0 && i === 0} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </TrackedList>
    </ListPrices.Provider>
  );
}

/** /courses: every course of wp/v2/courseList, grouped by exam, as the home page's cards. */
export default function CourseListPage() {
  useDocumentTitle(
    HEADING,
    'Every UKMLA, PLAB, MSRA and MRCGP course, question bank and revision package we offer.',
  );
  return (
    <ReadPage
      read={useRead(courseList)}
      trail={TRAIL}
      heading={HEADING}
      failure="We couldn't load our courses."
      show={(courses) =>
        courses.length === 0 ? (
          <p>No courses are on sale at the moment. Please come back soon.</p>
        ) : (
          <CourseGroups courses={courses} />
        )
      }
    />
  );
}
