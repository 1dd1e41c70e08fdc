import { render, screen } from '@testing-library/react';
import { mockFetch } from '../testing';
import { createApiClient } from './client';
import {
  PREFETCHED_ANSWER_MS,
  createQuery,
  createReader,
  listRead,
  prefetchRead,
  readAtHand,
  reader,
  useRead,
} from './read';
import { anyRecord, listOf } from './schemas';

const client = createApiClient();

/** A page's list read, as the course page reads products-with-ticket. */
const events = listRead(
  'ticketEvents',
  () => ({ path: '/wp-json/wp/v2/products-with-ticket' }),
  listOf(anyRecord),
);

/** A read kept a minute, as the home page's course list. */
const courses = createQuery({
  name: 'courses',
  request: () => ({ path: '/wp-json/wp/v2/courseList' }),
  schema: listOf(anyRecord),
  empty: [],
  lifetimeMs: 60_000,
});

/** A read with a query, as the blog post page's. */
const post = listRead(
  'post',
  (slug: string) => ({ path: '/wp-json/wp/v2/posts', query: { slug } }),
  listOf(anyRecord),
);

/** A learner's own read of the same address. */
const ownEvents = listRead(
  'ownEvents',
  () => ({ path: '/wp-json/wp/v2/products-with-ticket', token: 'learner' }),
  listOf(anyRecord),
);

const EVENT = { id: 4101, title: 'PLAB 2 mock day' };

/** A clock the test moves. */
function clock() {
  let time = 1_000;
  return {
    now: () => time,
    pass: (ms: number) => {
      time += ms;
    },
  };
}

beforeEach(() => {
  reader.clear();
});

describe('a page read ahead of the visitor’s tap takes the answer: the read is asked once', () => {
  it('the page’s read takes the answer read ahead instead of asking again', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [EVENT] }) });
    const { read, prefetch } = createReader(client);
    await prefetch('/wp-json/wp/v2/products-with-ticket');
    await expect(read(events, undefined)).resolves.toEqual([EVENT]);
    expect(calls).toEqual(['/wp-json/wp/v2/products-with-ticket']);
  });

  it('a page opened while its read ahead is on the line joins it', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [EVENT] }) });
    const { read, prefetch } = createReader(client);
    const early = prefetch('/wp-json/wp/v2/posts?slug=plab-tips');
    await expect(read(post, 'plab-tips')).resolves.toEqual([EVENT]);
    await early;
    expect(calls).toEqual(['/wp-json/wp/v2/posts?slug=plab-tips']);
  });

  it('asks nothing ahead for an answer it keeps, or one already read ahead', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [EVENT] }) });
    const { read, prefetch, holds } = createReader(client);
    await read(courses, undefined);
    await prefetch('/wp-json/wp/v2/courseList');
    await prefetch('/wp-json/wp/v2/products-with-ticket');
    await prefetch('/wp-json/wp/v2/products-with-ticket');
    expect(holds('/wp-json/wp/v2/courseList')).toBe(true);
    expect(calls).toEqual(['/wp-json/wp/v2/courseList', '/wp-json/wp/v2/products-with-ticket']);
  });

  it('an answer read ahead serves a minute: a page opened later asks afresh', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [EVENT] }) });
    const time = clock();
    const { read, prefetch, holds } = createReader(client, time.now);
    await prefetch('/wp-json/wp/v2/products-with-ticket');
    time.pass(PREFETCHED_ANSWER_MS);
    expect(holds('/wp-json/wp/v2/products-with-ticket')).toBe(false);
    await read(events, undefined);
    expect(calls).toHaveLength(2);
  });

  it('a read ahead that failed is no answer: the page asks itself', async () => {
    let status = 503;
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ status, body: [EVENT] }) });
    const { read, prefetch, holds } = createReader(client);
    await prefetch('/wp-json/wp/v2/products-with-ticket');
    expect(holds('/wp-json/wp/v2/products-with-ticket')).toBe(false);
    status = 200;
    await expect(read(events, undefined)).resolves.toEqual([EVENT]);
    expect(calls).toHaveLength(2);
  });

  it('a learner’s own read never takes an answer read ahead for anyone', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [EVENT] }) });
    const { read, prefetch } = createReader(client);
    await prefetch('/wp-json/wp/v2/products-with-ticket');
    await read(ownEvents, undefined);
    expect(calls).toHaveLength(2);
  });

  it('a page whose read ahead has come shows it in its first render', async () => {
    mockFetch({ '/wp-json/wp/v2/': () => ({ body: [EVENT] }) });
    await prefetchRead('/wp-json/wp/v2/products-with-ticket');
    expect(readAtHand('/wp-json/wp/v2/products-with-ticket')).toBe(true);
    function Events() {
      const answer = useRead(events);
      return <p>{answer.status === 'ready' ? String(answer.data.length) : answer.status}</p>;
    }
    render(<Events />);
    expect(screen.getByText('1')).toBeInTheDocument();
  });
});
