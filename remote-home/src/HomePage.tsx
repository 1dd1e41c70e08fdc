import { useEffect, useState } from 'react';
import {
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
  loadHomeSections,
  useAppDispatch,
  useAppSelector,
  type SubscriptionPackage,
} from 'shared-store';
import { CoursesSection } from './components/CoursesSection';
import { EventsSection } from './components/EventsSection';
import { Hero } from './components/Hero';
import { HowToLearn } from './components/HowToLearn';
import { MobileAppSection } from './components/MobileAppSection';
import { PackagesSection } from './components/PackagesSection';
import { PartnersSection } from './components/PartnersSection';
import { Testimonials } from './components/Testimonials';
import './home.css';

function isPackage(value: unknown): value is SubscriptionPackage {
  const p = value as SubscriptionPackage;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof p.product_id === 'number' &&
    typeof p.title === 'string' &&
    typeof p.tier === 'string' &&
    Array.isArray(p.features)
  );
}

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
  const packagesData: unknown = page?.acf_groups?.SubscriptionPackages;
  const packages = Array.isArray(packagesData) ? packagesData.filter(isPackage) : [];

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
      <HowToLearn page={page} />
      <EventsSection events={events} />
      <PartnersSection partners={partners} />
      <Testimonials />
      <CoursesSection courses={courses} loading={loading} />
      <PackagesSection packages={packages} />
    </div>
  );
}
