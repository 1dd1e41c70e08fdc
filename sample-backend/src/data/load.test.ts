import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveOptions } from '../config';
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
});
