import { lazyPage } from './lazyPage';

/** /courses: every course, by exam (pages/CourseListPage), loaded when shown. */
export default lazyPage(() => import('./pages/CourseListPage'));
