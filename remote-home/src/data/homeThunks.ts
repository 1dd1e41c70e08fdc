import { contentReads, read, type AppDispatch } from 'shared-store';
import { bannerSlides } from './banner';
import { homeReads } from './reads';
import {
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
} from './homeSlices';

/** Loads the home page's document (the page's one read of it) into homePageData. */
function loadHomePage() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const page = await read(contentReads.homePage);
    if (page) dispatch(homePageSlice.actions.itemsReceived([{ id: page.id, homeData: page }]));
  };
}

/** Loads the course list; an empty answer keeps what the store already has. */
function loadCourses() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const courses = await read(homeReads.courses);
    if (courses.length > 0) dispatch(homeCourseSlice.actions.itemsReceived(courses));
  };
}

/**
 * The hero slides; never cached, so a new banner shows at once. The first read of a page whose
 * hero the gateway rendered takes the banner the page carries (the one it rendered from) instead
 * of asking again.
 */
export function loadHomeBanner() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const slides = bannerSlides(await read(homeReads.homeBanner));
    if (slides.length > 0) dispatch(homeBannerSlice.actions.itemsReceived(slides));
  };
}

function loadPartners() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const partners = await read(homeReads.partners);
    if (partners.length > 0) dispatch(homePartnerSlice.actions.itemsReceived(partners));
  };
}

function loadEvents() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const events = await read(homeReads.events);
    if (events.length > 0) dispatch(homeEventSlice.actions.itemsReceived(events));
  };
}

/** How long a finished load of the home sections still serves a caller in the same page view. */
export const HOME_SECTIONS_REUSE_MS = 10_000;

const homeSectionLoads = new WeakMap<AppDispatch, { done: Promise<void>; finishedAt?: number }>();

/**
 * Everything the home page shows, requested in parallel. What the store already holds (from the
 * last visit) renders at once; fresh answers replace it. The page's requests are already on their
 * way when the home page's code arrives (the page names them in preload hints: the gateway in the
 * page it serves, the shell on a later route), and each read here takes its answer. A second
 * caller while a load runs (the page shown again) joins it, or takes its answers if they came
 * back in the last few seconds, instead of asking WordPress again.
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
