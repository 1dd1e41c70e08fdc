import type * as NodeCrypto from 'node:crypto';
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { redactUrl } from '../plugins/logging';
import { makeAppsRoot, testGatewayOptions, writeIn } from '../test-support/contract';
import { BUCKET_COOKIE, CHOICE_COOKIE, PREVIEW_COOKIE } from './visitorRemotes';

/**
 * The system's cryptographic source, watched: each draw is recorded with its range. A test may
 * script the next draws (`scripted`), or replace the source by a seeded one (`seeded`: the same
 * draws on every run, spread as a uniform source's are), so no check depends on luck.
 */
const draws: { max: number; value: number }[] = [];
const scripted: number[] = [];
let seeded: ((max: number) => number) | undefined;
jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof NodeCrypto>('node:crypto');
  return {
    ...actual,
    randomInt: (max: number) => {
      const value = scripted.shift() ?? seeded?.(max) ?? actual.randomInt(max);
      draws.push({ max, value });
      return value;
    },
  };
});

/** Draws from a fixed seed: the first bytes of SHA-256 over the seed and a counter. */
function seededSource(seed: string): (max: number) => number {
  let counter = 0;
  return (max) => {
    counter += 1;
    const hash = createHash('sha256')
      .update(`${seed}:${String(counter)}`)
      .digest();
    return hash.readUInt32BE(0) % max;
  };
}

// A browser's remotes through the gateway: the canary's bucket and the preview link, each kept in
// a cookie the gateway signs; rollout.json and the released folders as scripts/releases.mjs
// writes them.

const LIVE = '/remotes/header/mf-manifest.json';
const CANARY = '/releases/header/1.1.0-canary/mf-manifest.json';
const PREVIEWED = '/releases/header/1.2.0-preview/mf-manifest.json';
const PREVIEW_ID = 'c0ffee'.padEnd(32, '0');
const MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [],
});

/** The gateways' RELEASE_LINK_SECRET, which the release tools sign canary links with. */
const LINK_SECRET = 'release-link-secret-of-32-characters';

let appsRoot: string;
let deployDir: string;
let gateway: FastifyInstance;

function writeRollout(previewExpires: number, canaryPercent = 10): void {
  fs.writeFileSync(
    path.join(deployDir, 'rollout.json'),
    JSON.stringify({
      canaries: { header: { version: '1.1.0-canary', manifest: CANARY, percent: canaryPercent } },
      previews: {
        [PREVIEW_ID]: {
          remote: 'header',
          version: '1.2.0-preview',
          manifest: PREVIEWED,
          expires: previewExpires,
        },
      },
    }),
  );
  // A new modification time, whatever the file system's clock resolution.
  const later = new Date(Date.now() + Math.round(Math.random() * 1e6));
  fs.utimesSync(path.join(deployDir, 'rollout.json'), later, later);
}

beforeAll(async () => {
  appsRoot = makeAppsRoot();
  // The shell's page as its build writes it: the cookie question's slot before the app's root.
  const index = path.join(appsRoot, 'shell', 'dist', 'index.html');
  fs.writeFileSync(
    index,
    fs
      .readFileSync(index, 'utf8')
      .replace(
        '<body>',
        '<body><!--page:consent--><section class="shell-consent">Cookies?</section><!--/page:consent-->',
      ),
  );
  deployDir = path.join(appsRoot, 'deploy');
  for (const version of ['1.1.0-canary', '1.2.0-preview']) {
    writeIn(deployDir, `remotes/header/${version}/mf-manifest.json`, MANIFEST);
  }
  writeRollout(Date.now() + 3_600_000);
  gateway = await buildGateway({
    ...testGatewayOptions(appsRoot, 'http://127.0.0.1:9'),
    releaseLinkSecret: LINK_SECRET,
    headReadBudgetMs: 0,
    serverRenderBudgetMs: 0,
  });
});

afterAll(async () => {
  await gateway.close();
});

/** A cookie as this gateway signs it, ready for a Cookie header. */
const signed = (name: string, value: string) =>
  `${name}=${encodeURIComponent(gateway.signCookie(value))}`;

async function pageWith(cookie?: string) {
  const response = await gateway.inject({
    url: '/',
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  return response;
}

/** The header's manifest a served page names in its remotes configuration. */
function headerIn(page: string): string | undefined {
  const config = /<script id="remotes-config" type="application\/json">([^<]*)<\/script>/.exec(
    page,
  );
  return (JSON.parse(config?.[1] ?? '{}') as Record<string, string>).header;
}

const setCookies = (response: { headers: Record<string, unknown> }): string[] => {
  const value = response.headers['set-cookie'];
  return value === undefined ? [] : ([] as string[]).concat(value as string | string[]);
};

/** The bucket a page's answer gave the browser (its signed cookie's value), or '' for none. */
function bucketGiven(response: { headers: Record<string, unknown> }): string {
  const [cookie = ''] = setCookies(response).filter((set) => set.startsWith(`${BUCKET_COOKIE}=`));
  const value = decodeURIComponent(/^[^=]+=([^;]*)/.exec(cookie)?.[1] ?? '');
  const bucket = gateway.unsignCookie(value);
  return bucket.valid ? bucket.value : '';
}

describe('canary', () => {
  it('a browser without a bucket is given one on its first page, signed, HttpOnly, for 90 days; its page follows it', async () => {
    const response = await pageWith();
    const [cookie] = setCookies(response).filter((set) => set.startsWith(`${BUCKET_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=7776000/);
    expect(response.headers.vary).toMatch(/Cookie/);
    const value = decodeURIComponent(/^[^=]+=([^;]*)/.exec(cookie ?? '')?.[1] ?? '');
    const bucket = gateway.unsignCookie(value);
    expect(bucket.valid).toBe(true);
    const inCanary = Number(bucket.value) < 10;
    expect(headerIn(response.body)).toBe(inCanary ? CANARY : LIVE);
  });

  it('the bucket cookie identifies no browser: a number 0 to 99, the same cookie for every browser of its bucket, for this host only', async () => {
    scripted.push(42, 42, 17);
    const cookies: string[] = [];
    for (let browser = 0; browser < 3; browser += 1) {
      const [cookie = ''] = setCookies(await pageWith()).filter((set) =>
        set.startsWith(`${BUCKET_COOKIE}=`),
      );
      expect(cookie).not.toMatch(/Domain=/i);
      const value = /^[^=]+=([^;]*)/.exec(cookie)?.[1] ?? '';
      expect(gateway.unsignCookie(decodeURIComponent(value)).value).toMatch(/^\d{1,2}$/);
      cookies.push(value);
    }
    expect(cookies[0]).toBe(cookies[1]);
    expect(cookies[2]).not.toBe(cookies[0]);
  });

  it('each new browser’s bucket is a fresh draw from the cryptographic source over the hundred buckets, never the next of a sequence', async () => {
    draws.length = 0;
    scripted.push(7, 7, 7, 93);
    const given: string[] = [];
    for (let browser = 0; browser < 4; browser += 1) given.push(bucketGiven(await pageWith()));
    expect(given).toEqual(['7', '7', '7', '93']);
    expect(draws).toEqual([7, 7, 7, 93].map((value) => ({ max: 100, value })));
  });

  it('buckets of consecutive new browsers are not an arithmetic sequence', async () => {
    seeded = seededSource('consecutive browsers');
    try {
      const given: number[] = [];
      for (let browser = 0; browser < 20; browser += 1) {
        given.push(Number(bucketGiven(await pageWith())));
      }
      const steps = new Set(
        given.slice(1).map((bucket, index) => (bucket - (given[index] ?? 0) + 100) % 100),
      );
      expect(steps.size).toBeGreaterThan(1);
    } finally {
      seeded = undefined;
    }
  });

  it('new browsers are spread evenly: of 2,000, a canary of 10% gets about a tenth and every bucket is given', async () => {
    seeded = seededSource('canary buckets');
    try {
      const buckets = new Set<string>();
      let inCanary = 0;
      for (let browser = 0; browser < 2000; browser += 1) {
        const response = await pageWith();
        buckets.add(bucketGiven(response));
        if (headerIn(response.body) === CANARY) inCanary += 1;
      }
      expect(inCanary).toBeGreaterThanOrEqual(170);
      expect(inCanary).toBeLessThanOrEqual(230);
      expect(buckets.size).toBe(100);
    } finally {
      seeded = undefined;
    }
  });

  it('a browser that drops its cookie is given a bucket again, by a new draw', async () => {
    scripted.push(4);
    const first = await pageWith();
    expect(bucketGiven(first)).toBe('4');
    expect(headerIn(first.body)).toBe(CANARY);
    scripted.push(61);
    const again = await pageWith();
    expect(bucketGiven(again)).toBe('61');
    expect(headerIn(again.body)).toBe(LIVE);
  });

  it('a returning browser keeps its bucket: the same version every time, and no new cookie', async () => {
    for (const [bucket, manifest] of [
      ['3', CANARY],
      ['42', LIVE],
    ] as const) {
      for (let load = 0; load < 3; load += 1) {
        const response = await pageWith(signed(BUCKET_COOKIE, bucket));
        expect(headerIn(response.body)).toBe(manifest);
        expect(setCookies(response)).toEqual([]);
      }
      const config = await gateway.inject({
        url: '/remotes.json',
        headers: { cookie: signed(BUCKET_COOKIE, bucket) },
      });
      expect(config.json<Record<string, string>>().header).toBe(manifest);
    }
  });

  it('a bucket the browser wrote itself is not believed: it is given a signed one, drawn at random', async () => {
    scripted.push(77);
    const response = await pageWith(`${BUCKET_COOKIE}=0`);
    expect(bucketGiven(response)).toBe('77');
    expect(headerIn(response.body)).toBe(LIVE);
  });

  it('a signed bucket altered by the browser is not believed: it is given one drawn at random', async () => {
    const altered = signed(BUCKET_COOKIE, '50').replace('50.', '05.');
    scripted.push(88);
    const response = await pageWith(altered);
    expect(bucketGiven(response)).toBe('88');
    expect(headerIn(response.body)).toBe(LIVE);
  });

  it('/remotes.json reads the bucket and never gives one', async () => {
    const config = await gateway.inject({ url: '/remotes.json' });
    expect(setCookies(config)).toEqual([]);
    expect(config.json<Record<string, string>>().header).toBe(LIVE);
    expect(config.headers.vary).toMatch(/Cookie/);
  });
});

describe('preview', () => {
  it('the link gives its browser a signed cookie until the preview ends, then the home page with the preview and its bar', async () => {
    const opened = await gateway.inject({ url: `/preview/${PREVIEW_ID}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    const [cookie] = setCookies(opened);
    expect(cookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);

    const page = await pageWith(/^[^;]+/.exec(cookie ?? '')?.[0]);
    expect(headerIn(page.body)).toBe(PREVIEWED);
    expect(page.body).toContain(
      '<div class="shell-preview-bar" role="status"><p>Preview: header v1.2.0-preview. Only this browser sees it.</p><a href="/preview/exit">Exit preview</a></div><section class="shell-consent">',
    );
  });

  it('a browser without the cookie sees the live header and no bar', async () => {
    const page = await pageWith(signed(BUCKET_COOKIE, '50'));
    expect(headerIn(page.body)).toBe(LIVE);
    expect(page.body).not.toContain('shell-preview-bar');
  });

  it('a forged preview cookie is ignored', async () => {
    for (const cookie of [
      `${PREVIEW_COOKIE}=${PREVIEW_ID}`,
      `${PREVIEW_COOKIE}=${PREVIEW_ID}.forgedsignature`,
      `${PREVIEW_COOKIE}=${encodeURIComponent(gateway.signCookie(PREVIEW_ID)).slice(0, -2)}xx`,
    ]) {
      const page = await pageWith(`${cookie}; ${signed(BUCKET_COOKIE, '50')}`);
      expect(headerIn(page.body)).toBe(LIVE);
      expect(page.body).not.toContain('shell-preview-bar');
    }
  });

  it('an unknown or malformed link gets a page that says it is not valid, and no cookie', async () => {
    for (const id of ['f'.repeat(32), 'constructor', '__proto__', PREVIEW_ID.toUpperCase()]) {
      const response = await gateway.inject({ url: `/preview/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This preview link is not valid');
      expect(setCookies(response)).toEqual([]);
    }
    // A path that is not canonical is refused before any route sees it.
    const encoded = await gateway.inject({ url: `/preview/..%2f${PREVIEW_ID}` });
    expect(encoded.statusCode).toBe(400);
    expect(setCookies(encoded)).toEqual([]);
  });

  it('a version removed since the link was made: the live one, and the bar says so', async () => {
    const folder = path.join(deployDir, 'remotes', 'header', '1.2.0-preview');
    fs.renameSync(folder, `${folder}.gone`);
    try {
      const page = await pageWith(
        `${signed(PREVIEW_COOKIE, PREVIEW_ID)}; ${signed(BUCKET_COOKIE, '50')}`,
      );
      expect(headerIn(page.body)).toBe(LIVE);
      expect(page.body).toContain(
        'Preview: header v1.2.0-preview is not available any more: you see the site as other visitors do.',
      );
    } finally {
      fs.renameSync(`${folder}.gone`, folder);
    }
  });

  it('an expired or withdrawn preview: its cookie and its link show the live site', async () => {
    writeRollout(Date.now() - 1);
    try {
      const page = await pageWith(
        `${signed(PREVIEW_COOKIE, PREVIEW_ID)}; ${signed(BUCKET_COOKIE, '50')}`,
      );
      expect(headerIn(page.body)).toBe(LIVE);
      expect(page.body).not.toContain('shell-preview-bar');
      expect((await gateway.inject({ url: `/preview/${PREVIEW_ID}` })).statusCode).toBe(404);
    } finally {
      writeRollout(Date.now() + 3_600_000);
    }
  });

  it('a preview link never reaches the logs with its id', () => {
    expect(redactUrl(`/preview/${PREVIEW_ID}`)).toBe('/preview/[redacted]');
    expect(redactUrl(`/Preview/${PREVIEW_ID}/?a=1`)).toBe('/Preview/[redacted]/?a=1');
    expect(redactUrl('/preview/exit')).toBe('/preview/exit');
    expect(redactUrl(`/preview/exited${PREVIEW_ID}`)).toBe('/preview/[redacted]');
    // Spelled otherwise, as a link may be bent: redacted all the same.
    for (const bent of [
      `/%70review/${PREVIEW_ID}`,
      `/preview%2F${PREVIEW_ID}`,
      `/x/..%2fpreview/${PREVIEW_ID}`,
      `/preview/..%2f${PREVIEW_ID}`,
      `/preview%2F..%2f${PREVIEW_ID}`,
      `/%E0/preview/${PREVIEW_ID}`,
      `/COURSE%2F${PREVIEW_ID}`,
    ]) {
      expect(redactUrl(bent)).not.toContain(PREVIEW_ID);
    }
  });

  it('/preview/exit clears the cookie and goes to the live home page', async () => {
    const exit = await gateway.inject({
      url: '/preview/exit',
      headers: { cookie: signed(PREVIEW_COOKIE, PREVIEW_ID) },
    });
    expect(exit.statusCode).toBe(303);
    expect(exit.headers.location).toBe('/');
    expect(setCookies(exit)[0]).toMatch(
      new RegExp(`^${PREVIEW_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
  });
});

describe('canary link', () => {
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  /** A link as scripts/releases.mjs signs it (canaryLink), as the path and query the browser asks. */
  function link(
    fields: Partial<{ remote: string; version: string; join: string; expires: number }> = {},
    secret = LINK_SECRET,
  ): string {
    const { remote, version, join, expires } = {
      remote: 'header',
      version: '1.1.0-canary',
      join: 'in',
      expires: inAnHour(),
      ...fields,
    };
    const sig = createHmac('sha256', secret)
      .update(['canary-link/1', remote, version, join, String(expires)].join('\n'))
      .digest('base64url');
    return `/canary?${new URLSearchParams({ remote, version, join, expires: String(expires), sig }).toString()}`;
  }
  /** The choice cookie a link's answer set, ready for a Cookie header. */
  const choiceFrom = (response: { headers: Record<string, unknown> }) =>
    /^[^;]+/.exec(
      setCookies(response).find((set) => set.startsWith(`${CHOICE_COOKIE}=`)) ?? '',
    )?.[0] ?? '';

  it('a signed "in" link puts a browser outside the share into the canary, by a signed HttpOnly cookie until the link expires', async () => {
    const opened = await gateway.inject({ url: link() });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(opened.headers['cache-control']).toBe('no-store');
    const [cookie = ''] = setCookies(opened);
    expect(cookie).toMatch(new RegExp(`^${CHOICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(cookie).not.toContain(LINK_SECRET);
    const page = await pageWith(`${choiceFrom(opened)}; ${signed(BUCKET_COOKIE, '50')}`);
    expect(headerIn(page.body)).toBe(CANARY);
    const config = await gateway.inject({
      url: '/remotes.json',
      headers: { cookie: `${choiceFrom(opened)}; ${signed(BUCKET_COOKIE, '50')}` },
    });
    expect(config.json<Record<string, string>>().header).toBe(CANARY);
  });

  it('a signed "out" link keeps a browser of the share on the live version', async () => {
    const opened = await gateway.inject({ url: link({ join: 'out' }) });
    expect(opened.statusCode).toBe(303);
    const page = await pageWith(`${choiceFrom(opened)}; ${signed(BUCKET_COOKIE, '3')}`);
    expect(headerIn(page.body)).toBe(LIVE);
  });

  it('a forged link (a field changed, or signed with another secret) is refused as not valid, and changes nothing', async () => {
    const good = new URL(link(), 'http://x');
    const forgeries = [
      link({}, 'another-secret-of-thirty-two-characters'),
      `${good.pathname}?${good.search.slice(1).replace('join=in', 'join=out')}`,
      `${good.pathname}?${good.search.slice(1).replace(/expires=\d+/, `expires=${String(inAnHour() + 86_400)}`)}`,
    ];
    for (const url of forgeries) {
      const response = await gateway.inject({ url });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('This canary link is not valid');
      expect(setCookies(response)).toEqual([]);
    }
  });

  it('an expired link is refused as expired, and changes nothing', async () => {
    const response = await gateway.inject({
      url: link({ expires: Math.floor(Date.now() / 1000) - 1 }),
    });
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('This canary link has expired');
    expect(setCookies(response)).toEqual([]);
  });

  it('a malformed link (a field missing, repeated or of another shape, or one more) is refused', async () => {
    const good = link();
    for (const url of [
      '/canary',
      good.replace(/&sig=[^&]+/, ''),
      `${good}&remote=footer`,
      `${good}&bucket=0`,
      good.replace('join=in', 'join=all'),
    ]) {
      const response = await gateway.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This canary link is not valid');
      expect(setCookies(response)).toEqual([]);
    }
  });

  it('a link to a canary that is over is refused as over', async () => {
    const response = await gateway.inject({ url: link({ version: '1.0.9-older' }) });
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('The canary this link is for is over');
    expect(setCookies(response)).toEqual([]);
  });

  it('a choice cookie the browser wrote itself is not believed', async () => {
    const expires = String(inAnHour());
    const page = await pageWith(
      `${CHOICE_COOKIE}=${encodeURIComponent(`header:1.1.0-canary:in:${expires}`)}; ${signed(BUCKET_COOKIE, '50')}`,
    );
    expect(headerIn(page.body)).toBe(LIVE);
  });

  it('a canary link never reaches the logs with its signature', () => {
    const url = link();
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    expect(redactUrl(url)).not.toContain(sig);
    expect(redactUrl(url)).toContain('sig=[redacted]');
  });
});
