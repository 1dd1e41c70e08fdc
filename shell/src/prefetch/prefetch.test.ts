import { startPrefetching, type Prefetchers } from './prefetch';
import { prefetchQueue } from './queue';

jest.mock('../remotes/federation', () => ({ loadRemoteComponent: jest.fn() }));

/** What the page read ahead: remote modules and reads, in order. */
function recording(atHand: string[] = []) {
  const modules: string[] = [];
  const reads: string[] = [];
  const prefetchers: Prefetchers = {
    loadModule: (module) => {
      modules.push(module);
      return Promise.resolve();
    },
    readAhead: (url) => {
      reads.push(url);
      return Promise.resolve();
    },
    atHand: (url) => atHand.includes(url),
  };
  return { modules, reads, prefetchers };
}

/** A link in the page's content. */
function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  document.querySelector('main')?.append(anchor);
  return anchor;
}

/** Starts reading ahead on a page whose idle moments come at once, on the visitor's `line`. */
function start(prefetchers: Prefetchers, line = {}) {
  startPrefetching({ line, prefetchers, queue: prefetchQueue(2, (run) => run()) });
}

const point = (target: Element, type = 'pointerenter') =>
  target.dispatchEvent(new Event(type, { bubbles: type !== 'pointerenter' }));

beforeEach(() => {
  document.body.innerHTML = '<main></main>';
});

describe('the page a visitor is likely to open next, read ahead', () => {
  it('pointing at a course card reads its code and its reads ahead, the card’s own included', () => {
    const { modules, reads, prefetchers } = recording();
    start(prefetchers);
    point(link('/courses/plab-1', { 'data-prefetch': '/wp-json/wp/v2/course/2103' }));
    expect(modules).toEqual(['home/CoursePage']);
    expect(reads).toEqual([
      '/wp-json/wp/v2/courseList',
      '/wp-json/wp/v2/products-with-ticket',
      '/wp-json/wp/v2/course/2103',
    ]);
  });

  it('a link focused or touched is read ahead too, from anything inside it', () => {
    const { modules, prefetchers } = recording();
    start(prefetchers);
    point(link('/events/mock-day'), 'focusin');
    const inside = document.createElement('span');
    link('/courses/plab-2').append(inside);
    point(inside, 'touchstart');
    expect(modules).toEqual(['home/EventPage', 'home/CoursePage']);
  });

  it('never reads the same page ahead twice', () => {
    const { reads, prefetchers } = recording();
    start(prefetchers);
    const card = link('/events/mock-day');
    point(card);
    point(card, 'touchstart');
    point(link('/events/mock-day'), 'focusin');
    expect(reads).toEqual(['/wp-json/wp/v2/products-with-ticket']);
  });

  it('asks nothing for a read the page already has at hand', () => {
    const { reads, prefetchers } = recording(['/wp-json/wp/v2/courseList']);
    start(prefetchers);
    point(link('/courses/plab-1'));
    expect(reads).toEqual(['/wp-json/wp/v2/products-with-ticket']);
  });

  it('reads nothing ahead when the visitor asks to save data, or on a 2G line', () => {
    const { modules, reads, prefetchers } = recording();
    start(prefetchers, { connection: { saveData: true } });
    point(link('/courses/plab-1'));
    start(prefetchers, { connection: { effectiveType: '2g' } });
    point(link('/courses/plab-2'));
    expect([...modules, ...reads]).toEqual([]);
  });

  it('leaves alone links out of the app, to a new tab, to a download or to this page, and other origins’ reads', () => {
    const { modules, reads, prefetchers } = recording();
    start(prefetchers);
    point(link('https://apps.apple.com/gb/app/arora'));
    point(link('/courses/plab-1', { target: '_blank' }));
    point(link('/courses/brochure', { download: '' }));
    point(link('/'));
    point(
      link('/courses/plab-1', { 'data-prefetch': 'https://tracker.example/x //cdn.example/y' }),
    );
    expect(modules).toEqual(['home/CoursePage']);
    expect(reads).toEqual(['/wp-json/wp/v2/courseList', '/wp-json/wp/v2/products-with-ticket']);
  });

  it('never reads a never-cached read ahead (the home page’s banner)', () => {
    const { reads, prefetchers } = recording();
    window.history.pushState({}, '', '/courses');
    start(prefetchers);
    point(link('/'));
    window.history.pushState({}, '', '/');
    expect(reads).toEqual([
      '/wp-json/wp/v2/courseList',
      '/wp-json/wp/v2/events',
      '/wp-json/wp/v2/our_partner',
    ]);
  });

  it('a shell page’s reads are read ahead, its code comes on the tap', () => {
    const { modules, reads, prefetchers } = recording();
    start(prefetchers);
    point(link('/blogs/plab-tips'));
    expect(modules).toEqual([]);
    expect(reads).toEqual(['/wp-json/wp/v2/posts?slug=plab-tips']);
  });
});
