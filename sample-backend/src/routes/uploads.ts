import type { FastifyInstance } from 'fastify';
import { artworkSvg } from '../art/artwork';
import type { BackendContext } from '../context';
import { decodeEntities } from '../domain/text';
import { isRecord } from '../json';

/**
 * Serves the images the content refers to (`/wp-content/uploads/...`) as generated SVG artwork
 * (see `art/artwork.ts`), so pages built on the sample data show pictures without binary files
 * in the repository. Only paths that appear in the data exist.
 */

const UPLOADS_PATTERN = /\/wp-content\/uploads\/[^\s"'<>()?#]+/g;
/** The fields that hold an image's address in WordPress, WooCommerce and ACF answers. */
const URL_FIELDS = ['url', 'src', 'source_url'] as const;
/** The fields that describe an image (WordPress media, WooCommerce images, ACF images). */
const ALT_FIELDS = ['alt', 'alt_text'] as const;

/** What the data says about one uploaded image: its alt text and size, where given. */
interface UploadInfo {
  label?: string;
  width?: number;
  height?: number;
}

function firstText(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return decodeEntities(value.trim());
  }
  return undefined;
}

function dimension(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Every uploads path in `value`, with the first alt text and size found for it. An image object
 * (`{url, alt, width, height}`, `{src, alt}`, `{source_url, alt_text}`) describes its own path;
 * the sizes of a media item inherit the item's alt text.
 */
function collectUploads(
  value: unknown,
  label: string | undefined,
  into: Map<string, UploadInfo>,
): Map<string, UploadInfo> {
  if (typeof value === 'string') {
    for (const [path] of value.matchAll(UPLOADS_PATTERN)) {
      if (!into.has(path)) into.set(path, {});
    }
  } else if (Array.isArray(value)) {
    for (const item of value) collectUploads(item, label, into);
  } else if (isRecord(value)) {
    const ownLabel = firstText(value, ALT_FIELDS) ?? label;
    for (const key of URL_FIELDS) {
      const url = value[key];
      const path = typeof url === 'string' ? [...url.matchAll(UPLOADS_PATTERN)][0]?.[0] : undefined;
      if (path === undefined) continue;
      const info = into.get(path) ?? {};
      into.set(path, {
        label: info.label ?? ownLabel,
        width: info.width ?? dimension(value.width),
        height: info.height ?? dimension(value.height),
      });
    }
    for (const item of Object.values(value)) collectUploads(item, ownLabel, into);
  }
  return into;
}

/** Registers `GET /wp-content/uploads/...` for the images the data names. */
export function registerUploadRoutes(app: FastifyInstance, context: BackendContext): void {
  const known = collectUploads(context.data, undefined, new Map<string, UploadInfo>());
  app.get('/wp-content/uploads/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const info = known.get(path);
    if (!info) {
      return reply.code(404).send({
        code: 'not_found',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    }
    const file = path.slice(path.lastIndexOf('/') + 1);
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(
        artworkSvg({
          file,
          label: info.label ?? 'Illustration',
          width: info.width,
          height: info.height,
        }),
      );
  });
}
