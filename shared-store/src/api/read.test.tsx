import { act, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { mockFetch, warnings } from '../testing';
import { ApiError, createApiClient } from './client';
import { contentReads } from './content';
import { createQuery, createReader, listRead, oneRead, reader, rejecting, useRead } from './read';
import { anyRecord, listOf } from './schemas';

const client = createApiClient();

/** A read as a team declares one (the header's promotional banner, the part these tests read). */
const promoRead = oneRead(
  'promotionalBanner',
  () => ({ path: '/wp-json/custom/v2/getPromotionalBanner' }),
  v.looseObject({ promotional_text: v.string() }),
);

/** Lists as the shell's blog reads them. */
const postsRead = listRead('posts', () => ({ path: '/wp-json/wp/v2/posts/' }), listOf(anyRecord));
const categoriesRead = listRead(
  'categories',
  () => ({ path: '/wp-json/wp/v2/categories/' }),
  listOf(anyRecord),
);

/** A read whose failure says why, as the shell's search does. */
const searchRead = createQuery({
  name: 'search',
  request: (term: string) => ({ path: '/wp-json/custom/v1/search', query: { s: term } }),
  schema: v.array(v.unknown()),
  empty: [],
  failure: () => new ApiError('Could not data', 502, 'request_failed'),
});

const promo = {
  promotional_text: 'Black Friday',
  promotional_link: { title: 'Shop', url: '/' },
  promotional_speed: 20,
};

beforeEach(() => {
  reader.clear();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('one data layer', () => {
  it('concurrent callers of one read share one request', async () => {
    const { calls } = mockFetch({ '/wp-json/custom/v2/': () => ({ body: promo }) });
    const { read } = createReader(client);
    const answers = await Promise.all([
      read(promoRead, undefined),
      read(promoRead, undefined),
      read(promoRead, undefined),
    ]);
    expect(calls).toHaveLength(1);
    expect(answers[0]).toEqual(promo);
    expect(answers[2]).toBe(answers[0]);
  });

  it('a read with a lifetime of 0 asks again once its request has ended', async () => {
    const { calls } = mockFetch({ '/wp-json/custom/v2/': () => ({ body: promo }) });
    const { read } = createReader(client);
    await read(promoRead, undefined);
    await read(promoRead, undefined);
    expect(calls).toHaveLength(2);
  });

  it('a failure is not kept: the next caller asks again', async () => {
    let status = 502;
    const { calls } = mockFetch({
      '/wp-json/wp/v2/footer': () => ({ status, body: { html: '<form action="/n"></form>' } }),
    });
    const warn = warnings();
    const { read } = createReader(client);
    await expect(read(contentReads.footer, undefined)).resolves.toMatchObject({
      newsletter: { formAction: '' },
    });
    expect(warn.mock.calls).toEqual([
      ['Could not load /wp-json/wp/v2/footer:', expect.any(ApiError)],
    ]);
    status = 200;
    await expect(read(contentReads.footer, undefined)).resolves.toMatchObject({
      newsletter: { formAction: '/n' },
    });
    expect(calls).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a malformed answer becomes the empty value and is logged once per read', async () => {
    mockFetch({
      '/wp-json/wp/v2/posts/': () => ({ body: { posts: 'none' } }),
      '/wp-json/wp/v2/categories/': () => ({ body: 'oops' }),
    });
    const warn = warnings();
    const { read } = createReader(client);
    await expect(read(postsRead, undefined)).resolves.toEqual([]);
    await expect(read(postsRead, undefined)).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      '/wp-json/wp/v2/posts/ sent an answer of an unexpected shape:',
      expect.anything(),
    );
    await expect(read(categoriesRead, undefined)).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a malformed answer is not kept', async () => {
    let body: unknown = { menus: [] };
    const { calls } = mockFetch({ '/wp-json/wp/v2/footer': () => ({ body }) });
    const warn = warnings();
    const { read } = createReader(client);
    await read(contentReads.footer, undefined);
    expect(warn.mock.calls).toEqual([
      ['/wp-json/wp/v2/footer sent an answer of an unexpected shape:', expect.anything()],
    ]);
    body = { html: '' };
    await read(contentReads.footer, undefined);
    expect(calls).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a loud read rejects with what its definition makes of the failure', async () => {
    const loud = createQuery({
      name: 'loud',
      request: () => ({ path: '/loud' }),
      schema: v.string(),
      empty: '',
      failure: () => new Error('Could not data'),
    });
    mockFetch({ '/loud': () => ({ status: 500, body: undefined }) });
    const warn = jest.spyOn(console, 'warn');
    await expect(createReader(client).read(loud, undefined)).rejects.toThrow('Could not data');
    expect(warn).not.toHaveBeenCalled();
  });

  it('a rejecting read rejects with the request’s own error; its answers are as the quiet one’s', async () => {
    let status = 503;
    mockFetch({ '/wp-json/custom/v2/': () => ({ status, body: promo }) });
    const { read } = createReader(client);
    const failure = read(rejecting(promoRead), undefined);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 503 });
    status = 200;
    await expect(read(rejecting(promoRead), undefined)).resolves.toEqual(promo);
  });
});

function Promo({ on }: { on: boolean }) {
  const answer = useRead(promoRead, on ? undefined : null);
  if (answer.status === 'ready') return <p>{answer.data?.promotional_text}</p>;
  if (answer.status === 'failed') return <p>failed</p>;
  return <p>{answer.status}</p>;
}

function Search({ term }: { term: string }) {
  const answer = useRead(searchRead, term);
  return answer.status === 'failed' ? (
    <button type="button" onClick={answer.retry}>
      {(answer.error as Error).message}
    </button>
  ) : (
    <p>{answer.status === 'ready' ? `${String(answer.data.length)} results` : answer.status}</p>
  );
}

describe('useRead', () => {
  it('is idle without arguments, loading while asked, then ready with the answer', async () => {
    mockFetch({ '/wp-json/custom/v2/': () => ({ body: promo }) });
    const { rerender } = render(<Promo on={false} />);
    expect(screen.getByText('idle')).toBeInTheDocument();
    rerender(<Promo on />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Black Friday')).toBeInTheDocument();
  });

  it('a failed read shows why and can be asked again', async () => {
    let status = 502;
    const { calls } = mockFetch({
      '/wp-json/custom/v1/search': () => ({ status, body: status === 200 ? [{}] : undefined }),
    });
    render(<Search term="plab" />);
    const retry = await screen.findByRole('button', { name: 'Could not data' });
    status = 200;
    act(() => {
      retry.click();
    });
    expect(await screen.findByText('1 results')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('an answer for arguments no longer shown is ignored', async () => {
    mockFetch({
      '/wp-json/custom/v1/search': ({ url }) => ({ body: url.endsWith('=a') ? [] : [{}, {}] }),
    });
    const { rerender } = render(<Search term="a" />);
    rerender(<Search term="b" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('2 results')).toBeInTheDocument();
  });
});
