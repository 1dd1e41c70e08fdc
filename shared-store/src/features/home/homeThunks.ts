import { contentReads } from '../../api/content';
import { read } from '../../api/read';
import type { AppDispatch } from '../../store/makeStore';
import { takeServedBanner } from './banner';
import {
  headerLogoSlice,
  headerMenuSlice,
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
} from './homeSlices';

/** Loads the home page data into homePageData and the header logo into headerLogoData. */
export function loadHomePage() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const page = await read(contentReads.homePage);
    if (!page) return;
    dispatch(homePageSlice.actions.itemsReceived([{ id: page.id, homeData: page }]));
    const logo = page.acf_groups?.HeaderContent?.headerlogo;
    if (logo?.url) {
      dispatch(headerLogoSlice.actions.itemsReceived([{ id: 'header', ...logo }]));
    }
  };
}

/** Loads the header menu; an empty answer keeps what the store already has. */
export function loadHeaderMenu() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const menu = await read(contentReads.menu);
    if (menu.length > 0) {
      dispatch(
        headerMenuSlice.actions.itemsReceived(
          menu.map((item, index) => ({ ...item, id: item.ID || -(index + 1) })),
        ),
      );
    }
  };
}

/** Loads the course list; an empty answer keeps what the store already has. */
export function loadCourses() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const courses = await read(contentReads.courses);
    if (courses.length > 0) dispatch(homeCourseSlice.actions.itemsReceived(courses));
  };
}

/**
 * The hero slides; never cached, so a new banner shows at once. The first read of a page whose
 * hero the gateway rendered takes the banner it rendered from instead of asking again.
 */
export function loadHomeBanner() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const slides = takeServedBanner() ?? (await read(contentReads.homeBanner));
    if (slides.length > 0) dispatch(homeBannerSlice.actions.itemsReceived(slides));
  };
}

export function loadPartners() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const partners = await read(contentReads.partners);
    if (partners.length > 0) dispatch(homePartnerSlice.actions.itemsReceived(partners));
  };
}

export function loadEvents() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const events = await read(contentReads.events);
    if (events.length > 0) dispatch(homeEventSlice.actions.itemsReceived(events));
  };
}

/** How long a finished load of the home sections still serves a caller in the same page view. */
export const HOME_SECTIONS_REUSE_MS = 10_000;

const homeSectionLoads = new WeakMap<AppDispatch, { done: Promise<void>; finishedAt?: number }>();

/**
 * Everything the home page shows, requested in parallel. What the store already holds (from the
 * last visit) renders at once; fresh answers replace it. The shell starts it as soon as the home
 * route opens, while the home remote's code is still on its way; the remote's own call then joins
 * that load (or takes its answers, if they came back in the last few seconds) instead of asking
 * WordPress again.
 */
export function loadHomeSections(now: () => number = Date.now) {
  return (dispatch: AppDispatch): Promise<void> => {
    const last = homeSectionLoads.get(dispatch);
    if (
      last &&
      (last.finishedAt === undefined || now() - last.finishedAt < HOME_SECTIONS_REUSE_MS)
    ) {
      return last.done;
    }
    const load: { done: Promise<void>; finishedAt?: number } = {
      done: Promise.all([
        dispatch(loadHomePage()),
        dispatch(loadHomeBanner()),
        dispatch(loadCourses()),
        dispatch(loadEvents()),
        dispatch(loadPartners()),
      ]).then(
        () => {
          load.finishedAt = now();
        },
        (error: unknown) => {
          homeSectionLoads.delete(dispatch);
          throw error;
        },
      ),
    };
    homeSectionLoads.set(dispatch, load);
    return load.done;
  };
}
