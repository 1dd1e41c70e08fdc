import { contentApi } from '../../api/content';
import type { AppDispatch } from '../../store/makeStore';
import { cleanMenu } from './menu';
import { headerLogoSlice, headerMenuSlice, homeCourseSlice, homePageSlice } from './homeSlices';

/** Loads the home page data into homePageData and the header logo into headerLogoData. */
export function loadHomePage() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const page = await contentApi.homePage();
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
    const menu = cleanMenu(await contentApi.menu());
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
    const courses = await contentApi.courses();
    if (courses.length > 0) dispatch(homeCourseSlice.actions.itemsReceived(courses));
  };
}
