import { lazyPage } from './lazyPage';

/** /events: every event (pages/EventListPage), loaded when shown. */
export default lazyPage(() => import('./pages/EventListPage'));
