import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { DataError, describeIssue } from './schema';
import { checkConsistency } from './consistency';
import type { Product, RawData, WpPageRecord, WpPostRecord, WpTermRecord } from './files';
import { DATA_FILES } from './files';
import type { JsonObject } from '../json';

/** The content files, validated, with the lookups the routes need. */
export interface SampleData extends RawData {
  productsById: ReadonlyMap<number, Product>;
  postsById: ReadonlyMap<number, WpPostRecord>;
  pagesById: ReadonlyMap<number, WpPageRecord>;
  termsById: ReadonlyMap<number, WpTermRecord>;
  usersById: ReadonlyMap<number, { id: number; body: JsonObject }>;
  mediaById: ReadonlyMap<number, { id: number; body: JsonObject }>;
}

async function readDataFile(
  dataDir: string,
  file: string,
  schema: v.GenericSchema,
): Promise<unknown> {
  const fullPath = path.join(dataDir, file);
  let text: string;
  try {
    text = await readFile(fullPath, 'utf8');
  } catch (error) {
    throw new DataError(`${fullPath}: cannot be read (${String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DataError(`${fullPath}: is not valid JSON (${String(error)})`);
  }
  // The first problem is enough to name, as a person fixing the file reads one at a time.
  const result = v.safeParse(schema, parsed, { abortEarly: true });
  if (!result.success) throw new DataError(`${fullPath}: ${describeIssue(result.issues[0])}`);
  return result.output;
}

/** Reads and validates every data file, then checks the references between them. */
export async function loadSampleData(dataDir: string): Promise<SampleData> {
  const entries = await Promise.all(
    Object.entries(DATA_FILES).map(async ([name, { file, schema }]) => {
      const value = await readDataFile(dataDir, file, schema);
      return [name, value] as const;
    }),
  );
  // Each value was produced by the schema declared for its key in DATA_FILES.
  const raw = Object.fromEntries(entries) as RawData;
  return withIndexes(raw, dataDir);
}

function withIndexes(raw: RawData, dataDir: string): SampleData {
  const problem = (key: keyof RawData, message: string): DataError =>
    new DataError(`${path.join(dataDir, DATA_FILES[key].file)}: ${message}`);
  const index = <T extends { id: number }>(
    key: keyof RawData,
    items: readonly T[],
  ): Map<number, T> => {
    const map = new Map<number, T>();
    for (const item of items) {
      if (map.has(item.id)) throw problem(key, `id ${String(item.id)} appears twice`);
      map.set(item.id, item);
    }
    return map;
  };

  const categoriesById = index('categories', raw.categories);
  const tagsById = index('tags', raw.tags);
  const termsById = new Map<number, WpTermRecord>([...categoriesById, ...tagsById]);
  if (termsById.size !== categoriesById.size + tagsById.size) {
    throw problem('tags', 'a tag id is also a category id; WordPress term ids are unique');
  }
  for (const key of ['courses', 'events', 'partners', 'banners', 'locations', 'orders'] as const) {
    index<{ id: number }>(key, raw[key]);
  }
  const data: SampleData = {
    ...raw,
    productsById: index('products', raw.products),
    postsById: index('posts', raw.posts),
    pagesById: index('pages', raw.pages),
    termsById,
    usersById: index('users', raw.users),
    mediaById: index('media', raw.media),
  };
  checkConsistency(data, problem);
  return data;
}
