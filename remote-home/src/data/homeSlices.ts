import type { WithSlice } from '@reduxjs/toolkit';
import {
  answerOf,
  contentReads,
  createListSlice,
  injectSlice,
  listOf,
  storedList,
  type HomePage,
} from 'shared-store';
import {
  course,
  eventItem,
  partner,
  type Course,
  type EventItem,
  type HomeBanner,
  type Partner,
} from './shapes';
import { bannerSlides } from './banner';

/** homePageData entries: the page id and the page's data. */
export interface HomePageEntry {
  id: number;
  homeData: HomePage;
}

/** Kept home page entries whose page reads as a fresh answer of the home page would. */
function homePageEntries(items: unknown[]): HomePageEntry[] {
  return items.flatMap((item) => {
    const stored = typeof item === 'object' && item !== null ? item : {};
    const { homeData } = stored as { homeData?: unknown };
    const page = answerOf(contentReads.homePage, homeData);
    return page ? [{ id: page.id, homeData: page }] : [];
  });
}

const pageSlice = createListSlice<HomePageEntry, 'homePageData'>('homePageData');
const bannerSlice = createListSlice<HomeBanner, 'homeBannerData'>('homeBannerData');
const partnerSlice = createListSlice<Partner, 'homePartnerData'>('homePartnerData');
const eventSlice = createListSlice<EventItem, 'homeEventData'>('homeEventData');
const courseSlice = createListSlice<Course, 'homeCourseData'>('homeCourseData');

declare module 'shared-store' {
  interface TeamSlices
    extends
      WithSlice<typeof pageSlice>,
      WithSlice<typeof bannerSlice>,
      WithSlice<typeof partnerSlice>,
      WithSlice<typeof eventSlice>,
      WithSlice<typeof courseSlice> {}
}

// The home page's lists, kept across visits under the page's stored keys: what the last visit
// showed renders at once, fresh answers replace it. A kept list is read back by the rules a fresh
// answer is read by.
export const homePageSlice = injectSlice(pageSlice, storedList(homePageEntries));
export const homeBannerSlice = injectSlice(bannerSlice, storedList(bannerSlides));
export const homePartnerSlice = injectSlice(partnerSlice, storedList(listOf(partner)));
export const homeEventSlice = injectSlice(eventSlice, storedList(listOf(eventItem)));
export const homeCourseSlice = injectSlice(courseSlice, storedList(listOf(course)));
