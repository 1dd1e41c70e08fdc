import { configureStore } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { matchPath, Route, Routes, StaticRouter } from 'react-router-dom';
import { decodeHTML } from 'entities';
import {
  answerOf,
  contentReads,
  PlainText,
  serveAnswers,
  serverPlainText,
  type ServerDrawing,
  type ServerRenderer,
  type ServerRenderInput,
} from 'shared-store';
import { bannerSlides } from '../data/banner';
import { homeBannerSlice } from '../data/homeSlices';
import { HOME_BANNER_PATH } from '../data/reads';
import HomePage from '../HomePage';
import CourseListPage from '../pages/CourseListPage';
import CoursePage from '../pages/CoursePage';
import EventListPage from '../pages/EventListPage';
import EventPage from '../pages/EventPage';
import LocationPage, { centreId } from '../pages/LocationPage';
import MembershipsPage from '../pages/MembershipsPage';
import { courseList, locationDetails, ticketEvents } from '../pages/reads';

/**
 * The first screens of the home remote's routes as the gateway puts them into the page
 * (dist/server/pages.js): each route's page, drawn from the answers the gateway read for it,
 * exactly as the page's first render in the browser draws it when the page carries the same
 * answers (its reads take them instead of asking), so the browser paints it before any script
 * runs and React replaces it without moving a pixel. Nothing here touches a document: the process
 * that runs it has none, and effects do not run in a server render. Beside them, `heads`: what a
 * course, an event and a centre are about, for their page's head (heads.ts).
 */

type Reads = ServerRenderInput['reads'];

/*
 * Each page's read is carried in the page under its path (its served key: none of them has a
 * query). Without an answer of the read's shape the page would draw only its loading state: the
 * route is then served without a first screen, as before.
 */
const courses = (reads: Reads) =>
  answerOf(courseList, reads[courseList.request(undefined).path]) !== undefined;
const events = (reads: Reads) =>
  answerOf(ticketEvents, reads[ticketEvents.request(undefined).path]) !== undefined;
/** The home page's document, whose packages the memberships page shows. */
const packages = (reads: Reads) =>
  answerOf(contentReads.homePage, reads[contentReads.homePage.request(undefined).path]) !==
  undefined;

/**
 * The page in the providers the shell gives a remote's page, drawn from these answers alone, with
 * the reads it asked for beyond them (a list's prices, a course's description), which the gateway
 * may read and hand over to draw it again.
 */
function drawn(
  input: ServerRenderInput,
  page: ReactElement,
  state: Record<string, unknown> = {},
): ServerDrawing | undefined {
  serveAnswers(input.reads);
  const text = serverPlainText(decodeHTML);
  // The pages reach the store to dispatch from their handlers, which never run here, and the home
  // page to read its hero's slides (`state`).
  const store = configureStore({ reducer: () => state });
  let html: string;
  let wanted: string[];
  try {
    html = renderToString(
      <Provider store={store}>
        <PlainText.Provider value={text.reading}>
          {/* With its query: a list draws the filters and the order the address asks for. */}
          <StaticRouter location={input.search ? `${input.path}?${input.search}` : input.path}>
            <Routes>
              <Route path={input.pattern} element={page} />
            </Routes>
          </StaticRouter>
        </PlainText.Provider>
      </Provider>,
    );
  } finally {
    // The next page this process draws finds nothing of this one's answers.
    wanted = serveAnswers({});
  }
  return html && text.exact() ? { html, wanted } : undefined;
}

export { heads } from './heads';

export const renderers: Record<string, ServerRenderer> = {
  /**
   * The home page: its hero of the banner's first slide (the slides as its store holds them once
   * loaded) and its sections from the answers served with it, as the page's first render draws
   * them: the courses and the membership packages with their prices.
   */
  hero: (input) => {
    const slides = bannerSlides(input.reads[HOME_BANNER_PATH]);
    return slides.length > 0
      ? drawn(input, <HomePage />, { [homeBannerSlice.reducerPath]: { items: slides } })
      : undefined;
  },
  courseList: (input) => (courses(input.reads) ? drawn(input, <CourseListPage />) : undefined),
  course: (input) => (courses(input.reads) ? drawn(input, <CoursePage />) : undefined),
  eventList: (input) => (events(input.reads) ? drawn(input, <EventListPage />) : undefined),
  event: (input) => (events(input.reads) ? drawn(input, <EventPage />) : undefined),
  location: (input) => {
    const id = centreId(matchPath(input.pattern, input.path)?.params.id ?? '');
    const centre = id === null ? undefined : input.reads[locationDetails.request(id).path];
    return answerOf(locationDetails, centre) === undefined
      ? undefined
      : drawn(input, <LocationPage />);
  },
  memberships: (input) => (packages(input.reads) ? drawn(input, <MembershipsPage />) : undefined),
};
