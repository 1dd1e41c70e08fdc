import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The file the shell's build writes the page contract to (tooling/pageContract.js). */
export const PAGE_CONTRACT_FILE = 'page-contract.json';

const moduleId = z.string().regex(/^[a-z]+\/[A-Za-z]+$/, 'a module is <remote>/<Name>');

/** A slot of the shell's page: the name of an HTML comment. */
const slot = z.string().regex(/^[\w:-]+$/);

/** What a page is about, read from WordPress for its served head (pageHeads.ts). */
export const HEAD_READS = ['home', 'course', 'event', 'location', 'post', 'page'] as const;

/** The route that shows every path no other route matches (react-router's splat). */
export const ANY_OTHER_PATH = '*';

/**
 * A route's served head besides its title: its description, what the page is about (`read`),
 * and whether search engines are to leave it out. Nothing else: a key the gateway does not know
 * is a mistake in the contract, not a setting to ignore.
 */
const pageHead = z.strictObject({
  description: z.string().trim().min(1).optional(),
  read: z.enum(HEAD_READS).optional(),
  noindex: z.boolean().optional(),
});

/** Reads that name one thing by the route's last segment (a slug or an id). */
const READS_BY_PARAMETER: readonly string[] = ['course', 'event', 'location', 'post'];

const pageRead = z.object({
  path: z.string().regex(/^\/[\w/-]*$/, 'a read is a path on this site'),
  stamped: z.boolean().optional(),
  query: z.string().min(1).optional(),
});

/**
 * The page contract as the gateway uses it (shared-store/src/page/contract.ts is its source;
 * what only the browser needs is not read here).
 */
const schema = z
  .object({
    remotes: z.array(z.object({ name: z.string().regex(/^[a-z]+$/) })).min(1),
    layout: z.array(z.object({ module: moduleId, afterLoad: z.boolean().optional() })),
    layoutData: z.array(pageRead),
    routes: z.array(
      z.object({
        path: z.string().regex(/^(?:\/[\w/:-]*|\*)$/, 'a route is a path or *'),
        remote: moduleId.optional(),
        page: z
          .string()
          .regex(/^pages\/\w+$/)
          .optional(),
        bareInApp: z.boolean().optional(),
        serverRender: z.string().optional(),
        data: z.array(pageRead).optional(),
        /** The served `<title>` is "{title} | Arora Medical Education" (pageHead.ts). */
        title: z.string().trim().min(1).optional(),
      }),
    ),
    /** The served head of each route, by the route's path; a route without one has the defaults. */
    heads: z.record(z.string(), pageHead).default({}),
    markup: z.object({
      remotesConfigUrl: z.string().startsWith('/'),
      remotesConfigId: z.string().min(1),
      storefrontConfigId: z.string().min(1),
      carriedManifestsId: z.string().min(1),
      servedBannerId: z.string().min(1),
      serverRenderAttribute: z.string().regex(/^data-[a-z-]+$/),
      carriedStyleAttribute: z.string().regex(/^data-[a-z-]+$/),
      stampParameter: z.string().regex(/^\w+$/),
      headSlot: slot,
      firstPaintSlot: slot,
      serverRenderSlot: slot,
    }),
  })
  .superRefine((contract, context) => {
    const names = new Set(contract.remotes.map((remote) => remote.name));
    const modules = [
      ...contract.layout.map((part) => part.module),
      ...contract.routes.flatMap((route) => (route.remote ? [route.remote] : [])),
    ];
    for (const module of modules) {
      if (!names.has(module.split('/')[0] ?? '')) {
        context.addIssue({
          code: 'custom',
          message: `${module} is of no remote the contract names`,
        });
      }
    }
    const paths = new Set(contract.routes.map((route) => route.path));
    for (const [path, head] of Object.entries(contract.heads)) {
      if (!paths.has(path)) {
        context.addIssue({
          code: 'custom',
          path: ['heads', path],
          message: 'no route has this path',
        });
      } else if (head.read && READS_BY_PARAMETER.includes(head.read) && !/\/:\w+$/.test(path)) {
        context.addIssue({
          code: 'custom',
          path: ['heads', path, 'read'],
          message: `a ${head.read} is named by the route's last segment, which must be a parameter`,
        });
      }
    }
  });

export type PageContract = z.infer<typeof schema>;
export type PageRoute = PageContract['routes'][number];
export type PageMarkup = PageContract['markup'];
export type PageHeadRule = z.infer<typeof pageHead>;
export type HeadRead = (typeof HEAD_READS)[number];

/** Reads and checks a page contract: a malformed one stops the start, saying what is wrong. */
export function parsePageContract(json: unknown, source: string): PageContract {
  const result = schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`The page contract ${source} is unusable: ${problems}`);
  }
  return result.data;
}

/** The page contract of the shell's build in `shellDir`, read once at start. */
export function readPageContract(shellDir: string): PageContract {
  const file = path.join(shellDir, PAGE_CONTRACT_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`The shell's build has no page contract (${file}): run "npm run build" first.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The page contract ${file} is unusable: not JSON.`);
  }
  return parsePageContract(json, file);
}

/** The remotes' names: each is served from remote-<name>/dist under /remotes/<name>/. */
export function remoteNamesOf(contract: PageContract): string[] {
  return contract.remotes.map((remote) => remote.name);
}

/**
 * The contract's route a path shows (react-router's patterns: `:name` is any one segment, `*`
 * any path no other route matches).
 */
export function routeOf(contract: PageContract, route: string): PageRoute | undefined {
  const segments = route.split('/');
  const matches = (candidate: PageRoute) => {
    const parts = candidate.path.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  };
  return (
    contract.routes.find((candidate) => candidate.path !== ANY_OTHER_PATH && matches(candidate)) ??
    contract.routes.find((candidate) => candidate.path === ANY_OTHER_PATH)
  );
}
