import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { contentReads, peekRead, useAppDispatch, useAppSelector } from 'shared-store';
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

/** A list as the home page's loads take it: an empty one keeps what the store holds. */
const listed = <T,>(items: T[] | undefined) => (items?.length ? items : undefined);

/**
 * The sections' answers the page carries (the gateway drew its sections from them), for the first
 * render: the same lists the page's loads then put into the store. Nothing where the page carries
 * none (a page opened from another): what the store holds shows, as before. The hero's banner is
 * not among them: its never-cached read stays the hero's loads' own.
 */
function servedSections() {
  return {
    page: peekRead(contentReads.homePage) ?? undefined,
    courses: listed(peekRead(homeReads.courses)),
    events: listed(peekRead(homeReads.events)),
    partners: listed(peekRead(homeReads.partners)),
  };
}

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
  const [served] = useState(servedSections);
  const fresh = <T,>(answer: T | undefined, stored: T) =>
    loading && answer !== undefined ? answer : stored;
  const slides = useAppSelector(homeBannerSlice.selectors.selectItems);
  const storedPage = useAppSelector(homePageSlice.selectors.selectItems)[0]?.homeData;
  const storedCourses = useAppSelector(homeCourseSlice.selectors.selectItems);
  const storedEvents = useAppSelector(homeEventSlice.selectors.selectItems);
  const storedPartners = useAppSelector(homePartnerSlice.selectors.selectItems);
  const page = fresh(served.page, storedPage);
  const courses = fresh(served.courses, storedCourses);
  const events = fresh(served.events, storedEvents);
  const partners = fresh(served.partners, storedPartners);
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
