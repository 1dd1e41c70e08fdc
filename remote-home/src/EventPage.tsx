import { lazyPage } from './lazyPage';

/** /events/:slug: an event, its date, place, places left and Add to cart (pages/EventPage), loaded when shown. */
export default lazyPage(() => import('./pages/EventPage'));
