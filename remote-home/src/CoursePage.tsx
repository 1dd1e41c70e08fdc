import { lazyPage } from './lazyPage';

/** /courses/:slug: a course, its month options and Add to cart (pages/CoursePage), loaded when shown. */
export default lazyPage(() => import('./pages/CoursePage'));
