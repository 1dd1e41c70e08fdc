import { lazyPage } from './lazyPage';

/** /locations/:id: one of the company's centres (pages/LocationPage), loaded when shown. */
export default lazyPage(() => import('./pages/LocationPage'));
