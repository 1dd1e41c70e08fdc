/**
 * What a fake WordPress answers the server render's reads with, in the gateway's tests of it: each
 * route's rendered reads, WordPress HTML (hostile, then as the gateway sanitizes it) among them.
 */
const BANNER = [
  { id: 7, title: 'Pass <img src=x onerror="alert(1)">PLAB</b><script>alert(2)</script>' },
];
/** The banner as the gateway reads it: its HTML sanitized, as the proxy serves it. */
export const SANITIZED_BANNER = [{ id: 7, title: 'Pass <img src="x">PLAB' }];
export const COURSES = [{ id: 2101, slug: 'plab-1', title: 'PLAB 1 & 2' }];
export const EVENTS = [{ id: 2301, slug: 'msra-day', title: 'MSRA day' }];
export const LOCATION = { id: 1, title: 'London' };
export const POSTS = [{ id: 6, slug: 'akt', title: { rendered: 'AKT' } }];
export const CATEGORIES = [{ id: 2, name: 'Exam Guides' }];
const PAGES = [
  {
    id: 40,
    content: {
      rendered: '<p>Our words.</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
    },
  },
];
/** A page as the gateway reads it: its HTML sanitized, as the proxy serves it. */
export const SANITIZED_PAGES = [
  { id: 40, content: { rendered: '<p>Our words.</p><img src="x">' } },
];
export const RESULTS = [{ id: 2103, title: 'PLAB 1', url: '/courses/plab-1' }];
export const INFO = { title: 'Acceptable Use Policy', content: '<p>Be kind.</p>' };

/** What WordPress answers on each path unless a test says otherwise; anything else is no route. */
export const ANSWERS: Record<string, unknown> = {
  '/wp-json/wp/v2/home_banner': BANNER,
  '/wp-json/wp/v2/courseList': COURSES,
  '/wp-json/wp/v2/products-with-ticket': EVENTS,
  '/wp-json/wp/v2/page-details/location-1': LOCATION,
  '/wp-json/wp/v2/posts/': POSTS,
  '/wp-json/wp/v2/categories/': CATEGORIES,
  '/wp-json/wp/v2/posts': POSTS,
  '/wp-json/wp/v2/pages': PAGES,
  '/wp-json/custom/v1/search': RESULTS,
  '/wp-json/custom/v1/acceptable-use-policy': INFO,
};
