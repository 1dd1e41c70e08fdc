import * as v from 'valibot';
import { homePage, wpPreview } from './schemas';

describe('the backend’s shapes every team reads, as the pages and the gateway read them', () => {
  it('the SEO fields and featured image of a page are read where they are well formed', () => {
    expect(
      v.parse(homePage, {
        id: 96030,
        title: { rendered: '' },
        content: { rendered: '' },
        rank_math_meta: { meta_title: 42, meta_description: 'Online courses.' },
      }).rank_math_meta,
    ).toEqual({ meta_title: undefined, meta_description: 'Online courses.' });
    expect(
      v.parse(wpPreview, { title: 'plain', _embedded: { 'wp:featuredmedia': [] } }),
    ).toMatchObject({ title: undefined, _embedded: undefined });
  });
});
