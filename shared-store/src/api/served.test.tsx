import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { mockFetch } from '../testing';
import { PAGE_CONTRACT } from '../page/contract';
import { servedKey } from '../page/servedKey';
import { createApiClient } from './client';
import type * as ReadExports from './read';
import {
  createQuery,
  createReader,
  listRead,
  reader,
  SERVED_ANSWER_MS,
  serveAnswers,
  useRead,
} from './read';
import { anyList } from './schemas';

type ReadModule = typeof ReadExports;

const courses = listRead('courses', () => ({ path: '/wp-json/wp/v2/courseList' }), anyList);
const stamped = listRead(
  'banner',
  () => ({ path: '/wp-json/wp/v2/home_banner', query: { t: 1700000000000 }, noStore: true }),
  anyList,
);
const kept = createQuery({
  name: 'kept',
  request: () => ({ path: '/wp-json/wp/v2/events' }),
  schema: anyList,
  empty: [],
  lifetimeMs: 60_000,
});

afterEach(() => {
  serveAnswers({});
});

function Titles() {
  const state = useRead(courses);
  return state.status === 'ready' ? (
    <ul>
      {state.data.map((item, i) => (
        <li key={String(i)}>{String((item as { title?: unknown }).title)}</li>
      ))}
    </ul>
  ) : (
    <p>Loading</p>
  );
}

describe('answers served with the page', () => {
  it('a served key is the read’s URL without the page’s stamp, its other parameters in order', () => {
    expect(servedKey('/wp-json/wp/v2/home_banner?t=1700000000000', 't')).toBe(
      '/wp-json/wp/v2/home_banner',
    );
    expect(servedKey('/wp-json/wp/v2/posts/?per_page=100&t=5&slug=a', 't')).toBe(
      '/wp-json/wp/v2/posts/?per_page=100&slug=a',
    );
    expect(servedKey('/wp-json/wp/v2/courseList', 't')).toBe('/wp-json/wp/v2/courseList');
  });

  it('a component’s first render shows a served answer, and nothing is asked for it', () => {
    const { calls } = mockFetch({ '/wp-json/': () => ({ body: [] }) });
    serveAnswers({ '/wp-json/wp/v2/courseList': [{ title: 'PLAB 1 Online Course' }] });
    render(<Titles />);
    // No waiting: the very first render has it.
    expect(screen.getByRole('listitem')).toHaveTextContent('PLAB 1 Online Course');
    expect(calls).toHaveLength(0);
  });

  it('a served answer serves the page’s opening; after it, a never-cached read asks the backend', async () => {
    const { calls } = mockFetch({
      '/wp-json/wp/v2/courseList': () => ({ body: [{ title: 'Fresh' }] }),
    });
    let time = 1_000_000;
    const page = createReader(createApiClient(), () => time);
    serveAnswers({ '/wp-json/wp/v2/courseList': [{ title: 'Served' }] });
    expect(await page.read(courses, undefined)).toEqual([{ title: 'Served' }]);
    // A second part of the page drawing the same read, or its first render started again.
    time += SERVED_ANSWER_MS - 1;
    expect(page.peek(courses, undefined)).toEqual({ data: [{ title: 'Served' }] });
    time += 1;
    expect(await page.read(courses, undefined)).toEqual([{ title: 'Fresh' }]);
    expect(calls).toHaveLength(1);
  });

  it('a never-cached read’s served answer is found whatever its stamp', async () => {
    const { calls } = mockFetch({ '/wp-json/': () => ({ body: [] }) });
    serveAnswers({ '/wp-json/wp/v2/home_banner': [{ title: 'Pass with confidence' }] });
    expect(await reader.read(stamped, undefined)).toEqual([{ title: 'Pass with confidence' }]);
    expect(calls).toHaveLength(0);
  });

  it('a served answer of the wrong shape is none: the page asks the backend', async () => {
    const { calls } = mockFetch({
      '/wp-json/wp/v2/courseList': () => ({ body: [{ title: 'Fresh' }] }),
    });
    serveAnswers({ '/wp-json/wp/v2/courseList': { code: 'rest_no_route' } });
    render(<Titles />);
    expect(screen.getByText('Loading')).toBeVisible();
    expect(await screen.findByRole('listitem')).toHaveTextContent('Fresh');
    expect(calls).toHaveLength(1);
  });

  it('serving a page’s answers forgets what the reader remembered for the page before', async () => {
    const { calls } = mockFetch({ '/wp-json/': () => ({ body: [] }) });
    serveAnswers({ '/wp-json/wp/v2/events': [{ title: 'Manchester' }] });
    expect(await reader.read(kept, undefined)).toEqual([{ title: 'Manchester' }]);
    serveAnswers({ '/wp-json/wp/v2/events': [{ title: 'Birmingham' }] });
    expect(reader.peek(kept, undefined)).toEqual({ data: [{ title: 'Birmingham' }] });
    expect(calls).toHaveLength(0);
  });
});

describe('answers carried in the page', () => {
  afterEach(() => {
    document.getElementById(PAGE_CONTRACT.markup.servedReadsId)?.remove();
  });

  /** The served answers and reader of a page just loaded with `carried` as its script's text. */
  function pageCarrying(carried: string) {
    const script = document.createElement('script');
    script.id = PAGE_CONTRACT.markup.servedReadsId;
    script.type = 'application/json';
    script.textContent = carried;
    document.body.append(script);
    let fresh: ReadModule | undefined;
    jest.isolateModules(() => {
      fresh = jest.requireActual<ReadModule>('./read');
    });
    if (!fresh) throw new Error('the reader did not load');
    return fresh;
  }

  it('the page’s carried answers answer its first reads', async () => {
    const { calls } = mockFetch({ '/wp-json/': () => ({ body: [] }) });
    const page = pageCarrying(JSON.stringify({ '/wp-json/wp/v2/courseList': [{ title: 'MSRA' }] }));
    expect(await page.reader.read(courses, undefined)).toEqual([{ title: 'MSRA' }]);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{"/wp-json/wp/v2/courseList": ['],
    ['a list', '[1, 2]'],
    ['null', 'null'],
  ])(
    'a page whose carried answers are %s carries none: its reads ask the backend',
    async (_what, carried) => {
      const { calls } = mockFetch({ '/wp-json/': () => ({ body: [{ title: 'Fresh' }] }) });
      const page = pageCarrying(carried);
      expect(await page.reader.read(courses, undefined)).toEqual([{ title: 'Fresh' }]);
      expect(calls).toHaveLength(1);
    },
  );

  it('tells the reads a page drawn from served answers asked for and was not served, in the order asked, each once', () => {
    function Page() {
      useRead(courses);
      useRead(kept);
      useRead(stamped);
      useRead(kept);
      return null;
    }
    serveAnswers({ '/wp-json/wp/v2/courseList': [] });
    // As the server draws it: effects never run, nothing is asked.
    renderToString(<Page />);
    expect(serveAnswers({})).toEqual(['/wp-json/wp/v2/events', '/wp-json/wp/v2/home_banner']);
    // Nothing is told twice: the next page starts afresh.
    expect(serveAnswers({})).toEqual([]);
  });
});
