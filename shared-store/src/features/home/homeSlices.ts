import type {
  Course,
  EventItem,
  HomeBanner,
  HomePage,
  MenuItem,
  Partner,
  WpImage,
} from '../../api/types';
import { createListSlice } from './listSlice';

/** homePageData entries: the page id and the page's data. */
export interface HomePageEntry {
  id: number;
  homeData: HomePage;
}

/** A menu item keyed for the list slice. */
export type HeaderMenuEntry = MenuItem & { id: number };

export interface HeaderLogoEntry extends WpImage {
  id: string;
}

export const homePageSlice = createListSlice<HomePageEntry, 'homePageData'>('homePageData');
export const homeBannerSlice = createListSlice<HomeBanner, 'homeBannerData'>('homeBannerData');
export const homePartnerSlice = createListSlice<Partner, 'homePartnerData'>('homePartnerData');
export const homeEventSlice = createListSlice<EventItem, 'homeEventData'>('homeEventData');
export const homeCourseSlice = createListSlice<Course, 'homeCourseData'>('homeCourseData');
export const headerMenuSlice = createListSlice<HeaderMenuEntry, 'headerMenuData'>('headerMenuData');
export const headerLogoSlice = createListSlice<HeaderLogoEntry, 'headerLogoData'>('headerLogoData');
