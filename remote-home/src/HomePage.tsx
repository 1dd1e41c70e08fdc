import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from 'shared-store';
import { CoursesSection } from './components/CoursesSection';
import { EventsSection } from './components/EventsSection';
import { Hero } from './components/Hero';
import { HowToLearn } from './components/HowToLearn';
import { MobileAppSection } from './components/MobileAppSection';
import { PackagesSection, packagesOf } from './components/PackagesSection';
import { PartnersSection } from './components/PartnersSection';
import { Testimonials } from './components/Testimonials';
import {
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
} from './data/homeSlices';
import { loadHomeSections } from './data/homeThunks';
import './home.css';

/**
 * The home page sections in order: hero, mobile app, how to learn, events, partners,
 * testimonials, courses (#courses-section) and the membership packages. What the store kept
 * from the last visit shows at once; fresh data replaces it.
 */
export default function HomePage() {
  const dispatch = useAppDispatch();
  const [loading, setLoading] = useState(true);
  const slides = useAppSelector(homeBannerSlice.selectors.selectItems);
  const page = useAppSelector(homePageSlice.selectors.selectItems)[0]?.homeData;
  const courses = useAppSelector(homeCourseSlice.selectors.selectItems);
  const events = useAppSelector(homeEventSlice.selectors.selectItems);
  const partners = useAppSelector(homePartnerSlice.selectors.selectItems);
  // The hero renders as soon as its slide is there; the sections below the fold follow in a
  // background render that yields to the browser every few milliseconds, so data arriving never
  // blocks the page for long and the hero paints first.
  const deferredPage = useDeferredValue(page);
  const deferredCourses = useDeferredValue(courses);
  const deferredEvents = useDeferredValue(events);
  const deferredPartners = useDeferredValue(partners);
  // While the courses shown are behind the store, the section counts as loading: it is neither
  // hidden nor emptied meanwhile. Done loading with no courses hides it at once.
  const coursesLoading = loading || deferredCourses !== courses;
  const packagesData: unknown = deferredPage?.acf_groups?.SubscriptionPackages;
  // The same list as long as the page data is the same, so the packages do not re-render.
  const packages = useMemo(() => packagesOf(packagesData), [packagesData]);

  useEffect(() => {
    let live = true;
    void dispatch(loadHomeSections()).finally(() => {
      if (live) setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [dispatch]);

  return (
    <div className="home-page">
      <Hero slide={slides[0]} />
      <MobileAppSection />
      <HowToLearn page={deferredPage} />
      <EventsSection events={deferredEvents} />
      <PartnersSection partners={deferredPartners} />
      <Testimonials />
      <CoursesSection courses={deferredCourses} loading={coursesLoading} />
      <PackagesSection packages={packages} />
    </div>
  );
}
