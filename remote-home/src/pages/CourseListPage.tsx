import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COURSE_ID_PARAM, EXAMS, toPrice, useDocumentTitle, useRead } from 'shared-store';
import { courseItem, TrackedList } from '../analytics';
import { CourseCard } from '../components/CourseCard';
import { coursePath } from '../components/shopLines';
import { ListPrices, useListPrices } from '../hooks/useVariations';
import { choicesOf, chosen, ListFilters, type Facet } from './ListFilters';
import { ReadPage } from './PageParts';
import { courseList } from './reads';
import { type Course } from '../data/shapes';

const HEADING = 'All courses';
const TRAIL = [{ label: 'Courses' }];
const LIST = { item_list_id: 'all_courses', item_list_name: HEADING };

/**
 * The course `id` names: the course's own id (courseList's `id`) or its WooCommerce product's
 * (`product_id`). Both are ids of WordPress posts, so one never stands for another course.
 */
function courseNamed(courses: Course[], id: string): Course | undefined {
  if (!/^[1-9]\d{0,9}$/.test(id)) return undefined;
  const wanted = Number(id);
  return courses.find(
    (course) => course.slug !== '' && (course.id === wanted || course.product_id === wanted),
  );
}

/** Opens `to` in place of this page (the back button skips it). */
function OpenInstead({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/** A course's exam as the shop names them (EXAMS: 'PLAB'). */
const examOf = (course: Course) => course.exam.trim().toUpperCase();

/** The courses by exam, in the order of EXAMS; courses of any other exam last, as More courses. */
export function byExam(courses: Course[]): [string, Course[]][] {
  const exam = examOf;
  const known: readonly string[] = EXAMS;
  const groups: [string, Course[]][] = EXAMS.map((name) => [
    name,
    courses.filter((course) => exam(course) === name),
  ]);
  groups.push(['More courses', courses.filter((course) => !known.includes(exam(course)))]);
  return groups.filter(([, list]) => list.length > 0);
}

/** A course's "from" price; one without a price is the dearest, listed last. */
const fromPrice = (course: Course) => toPrice(course.price) || Infinity;

/** The orders of the courses in each exam's group besides the shop's (as the list comes). */
const ORDERS: Record<string, (a: Course, b: Course) => number> = {
  'price-asc': (a, b) => fromPrice(a) - fromPrice(b),
  name: (a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1),
};

const SORT: Facet = {
  key: 'sort',
  label: 'Sort by',
  choices: [
    ['', 'Featured'],
    ['price-asc', 'Price: low to high'],
    ['name', 'Name'],
  ],
};

/**
 * The courses the address asks for (`?exam=plab&sort=price-asc`): those of its exam (one of the
 * shop's the courses have), in its order; a value it does not know is ignored. The filters offered.
 */
function coursesAsked(courses: Course[], params: URLSearchParams) {
  const exams: Facet = {
    key: 'exam',
    label: 'Exam',
    choices: choicesOf(EXAMS.filter((exam) => courses.some((course) => examOf(course) === exam))),
  };
  const exam = chosen(params, exams);
  const order = ORDERS[chosen(params, SORT)];
  const shown = courses.filter((course) => !exam || examOf(course).toLowerCase() === exam);
  return { facets: [exams, SORT], shown: order ? shown.sort(order) : shown };
}

/** The courses' cards by exam: one list for analytics, in the order shown. */
function CourseGroups({ courses }: { courses: Course[] }) {
  const groups = useMemo(() => byExam(courses), [courses]);
  const shown = useMemo(() => groups.flatMap(([, list]) => list), [groups]);
  return (
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
  );
}

/**
 * The filters and the courses they leave (a filter's choices are the courses', so never none),
 * every course priced by one read: changing a filter asks for nothing.
 */
function FilteredCourses({ courses, params }: { courses: Course[]; params: URLSearchParams }) {
  const prices = useListPrices(courses.map((course) => course.product_id));
  const { facets, shown } = useMemo(() => coursesAsked(courses, params), [courses, params]);
  return (
    <ListPrices.Provider value={prices}>
      <ListFilters facets={facets} />
      <CourseGroups courses={shown} />
    </ListPrices.Provider>
  );
}

/**
 * /courses: every course of wp/v2/courseList, grouped by exam, as the home page's cards, those of
 * one exam and in another order as the address's query asks (coursesAsked). With
 * `?course={id}`, the page of the course that id names, in place of this one; an id that names
 * none of the courses on sale is said so, over the list.
 */
export default function CourseListPage() {
  useDocumentTitle(
    HEADING,
    'Every UKMLA, PLAB, MSRA and MRCGP course, question bank and revision package we offer.',
  );
  const [params] = useSearchParams();
  const asked = params.get(COURSE_ID_PARAM);
  return (
    <ReadPage
      read={useRead(courseList)}
      trail={TRAIL}
      heading={HEADING}
      failure="We couldn't load our courses."
      show={(courses) => {
        const named = asked === null ? undefined : courseNamed(courses, asked);
        if (named) return <OpenInstead to={coursePath(named.slug)} />;
        return (
          <>
            {asked !== null && (
              <div className="home-shop__notice" role="status">
                <p>We couldn't find that course. Here are all our courses.</p>
              </div>
            )}
            {courses.length === 0 ? (
              <p>No courses are on sale at the moment. Please come back soon.</p>
            ) : (
              <FilteredCourses courses={courses} params={params} />
            )}
          </>
        );
      }}
    />
  );
}
