import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_SITE_URL, resolveOptions } from '../config';
import { makeStateDir, removeDir } from '../test-support/backend';
import { loadSampleData } from './load';

const DATA_DIR = resolveOptions().dataDir;

let dir: string;
beforeEach(async () => {
  dir = await makeStateDir();
  await cp(DATA_DIR, dir, { recursive: true });
});
afterEach(() => removeDir(dir));

async function edit(file: string, change: (value: unknown) => unknown): Promise<void> {
  const full = path.join(dir, file);
  await writeFile(full, JSON.stringify(change(JSON.parse(await readFile(full, 'utf8')))));
}

describe('data loader', () => {
  it('loads the package data', async () => {
    const data = await loadSampleData(DATA_DIR);
    expect(data.posts).toHaveLength(12);
    expect(data.categories).toHaveLength(4);
  });

  it('names the file that is not valid JSON', async () => {
    await writeFile(path.join(dir, 'menu.json'), '[{');
    await expect(loadSampleData(dir)).rejects.toThrow(/menu\.json: is not valid JSON/);
  });

  it('names the file and the field of a wrong shape', async () => {
    await edit('courses.json', (value) => {
      (value as Record<string, unknown>[])[1] = {
        ...(value as Record<string, unknown>[])[1],
        product_id: 'abc',
      };
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /courses\.json: \[1\]\.product_id must be a positive integer \(found "abc"\)/,
    );
  });

  it('names a required field that is missing', async () => {
    await edit('courses.json', (value) => {
      delete (value as Record<string, unknown>[])[0]?.title;
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /courses\.json: \[0\]\.title must be a non-empty string \(found nothing\)/,
    );
  });

  it('names a nested entry that is not an object', async () => {
    await edit('menu.json', (value) => {
      const [first] = value as { items: unknown[] }[];
      if (first) first.items[1] = ['Courses'];
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /menu\.json: \[0\]\.items\[1\] must be an object \(found \["Courses"\]\)/,
    );
  });

  it('names a key of a record that is not valid', async () => {
    await edit('image-sections.json', (value) => ({ ...(value as object), home: [] }));
    await expect(loadSampleData(dir)).rejects.toThrow(
      /image-sections\.json: +key must be a numeric id \(found "home"\)/,
    );
  });

  it('refuses a WordPress body that is not JSON through and through', async () => {
    const file = path.join(dir, 'wp-media.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('{', '{"ratio": 1e999,'));
    await expect(loadSampleData(dir)).rejects.toThrow(
      /wp-media\.json: \[0\] must be a JSON object \(found \{"ratio":null,/,
    );
  });

  it('names the file of a missing file', async () => {
    await removeDir(path.join(dir, 'coupons.json'));
    await expect(loadSampleData(dir)).rejects.toThrow(/coupons\.json: cannot be read/);
  });

  it('refuses references to products that do not exist', async () => {
    await edit('events.json', (value) => {
      (value as Record<string, unknown>[])[0] = {
        ...(value as Record<string, unknown>[])[0],
        product_id: 9999,
      };
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /events\.json: product_id 9999 is not a simple product/,
    );
  });

  it('refuses a term count that disagrees with the posts', async () => {
    await edit('wp-categories.json', (value) => {
      (value as Record<string, unknown>[])[0] = {
        ...(value as Record<string, unknown>[])[0],
        count: 99,
      };
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /wp-categories\.json: term 2 has count 99, posts say 5/,
    );
  });

  it.each([
    ['/plab-2-mock-circuits/london/', 'a page that does not exist'],
    ['/courses/ukmla-akt-crash-course/', 'a course that does not exist'],
    ['/events/plab-2-mock-circuit-leeds/', 'an event that does not exist'],
    ['/locations/9/', 'a location that does not exist'],
    ['/content-map/', 'a child page outside its parent'],
  ])('refuses a menu link on the WordPress host to %s (%s)', async (menuPath) => {
    const url = `${PUBLIC_SITE_URL}${menuPath}`;
    await edit('menu.json', (value) => {
      (value as Record<string, unknown>[])[0] = {
        ...(value as Record<string, unknown>[])[0],
        url,
      };
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      `menu.json: the link ${url} is no course, event, location, post, page or storefront route`,
    );
  });

  it('refuses a link to a host that never resolves', async () => {
    await edit('partners.json', (value) => {
      (value as Record<string, unknown>[])[0] = {
        ...(value as Record<string, unknown>[])[0],
        url: 'https://www.northbridge-hospitals.test/',
      };
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /partners\.json: the link https:\/\/www\.northbridge-hospitals\.test\/ leads to www\.northbridge-hospitals\.test, which never resolves/,
    );
  });

  it('refuses a mailto link to a domain that never resolves', async () => {
    await edit('info-pages.json', (value) => {
      const pages = value as Record<string, { title: string; content: string }>;
      const policy = pages['acceptable-use-policy'];
      if (policy)
        policy.content += '<p><a href="mailto:support@example-academy.test">Email</a></p>';
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /info-pages\.json: the link mailto:support@example-academy\.test mails example-academy\.test, which never resolves/,
    );
  });

  it('refuses a page whose link is not its path under its parent', async () => {
    await edit('wp-pages.json', (value) => {
      const pages = value as { slug: string; parent: number }[];
      const child = pages.find((page) => page.slug === 'content-map');
      if (child) child.parent = 0;
      return value;
    });
    await expect(loadSampleData(dir)).rejects.toThrow(
      /wp-pages\.json: page 96111: link must be http:\/\/127\.0\.0\.1:8090\/content-map\//,
    );
  });
});
