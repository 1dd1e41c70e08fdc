import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  contentReads,
  useAppDispatch,
  useAppSelector,
  useRead,
  type ReadState,
} from 'shared-store';
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
import { homeReads } from './data/reads';
import './home.css';

/**
 * The home page sections in order: hero, mobile app, how to learn, events, partners,
 * testimonials, courses (#courses-section) and the membership packages. What the store kept
 * from the last visit shows at once; fresh data replaces it. A page served with its sections drawn
 * shows their served answers until its loads are done (which put those very answers into the
 * store): fresh from the server, they win over the last visit's, and the first render draws what
 * the served HTML shows, so nothing moves and no price is asked for again.
 */
export default function HomePage() {
  const dispatch = useAppDispatch();
  const [loading, setLoading] = useState(true);
  // The sections' answers the page carries (the gateway drew the sections from them), taken by
  // the first render, and shown until the loads are done (which put them into the store). A read
  // not served joins the loads' request.
  const served = [
    useRead(contentReads.homePage),
    useRead(homeReads.courses),
    useRead(homeReads.events),
    useRead(homeReads.partners),
  ] as const;
  const fresh = <T,>(read: ReadState<T>) =>
    loading && read.status === 'ready' ? read.data : undefined;
  const slides = useAppSelector(homeBannerSlice.selectors.selectItems);
  const storedPage = useAppSelector(homePageSlice.selectors.selectItems)[0]?.homeData;
  const storedCourses = useAppSelector(homeCourseSlice.selectors.selectItems);
  const storedEvents = useAppSelector(homeEventSlice.selectors.selectItems);
  const storedPartners = useAppSelector(homePartnerSlice.selectors.selectItems);
  const page = fresh(served[0]) ?? storedPage;
  const courses = fresh(served[1]) ?? storedCourses;
  const events = fresh(served[2]) ?? storedEvents;
  const partners = fresh(served[3]) ?? storedPartners;
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
