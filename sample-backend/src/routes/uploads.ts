import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import { escapeHtml } from '../domain/text';
import { isRecord } from '../json';

/**
 * Serves the images the content refers to (`/wp-content/uploads/...`) as generated SVG
 * placeholders, so pages built on the sample data load without broken images and without
 * binary files in the repository. Only paths that appear in the data exist.
 */

const UPLOADS_PATTERN = /\/wp-content\/uploads\/[^\s"'<>()?#]+/g;

function collectUploadPaths(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    for (const match of value.matchAll(UPLOADS_PATTERN)) into.add(match[0]);
  } else if (Array.isArray(value)) {
    for (const item of value) collectUploadPaths(item, into);
  } else if (isRecord(value)) {
    for (const item of Object.values(value)) collectUploadPaths(item, into);
  }
  return into;
}

function placeholderSvg(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const size = /-(\d{2,4})x(\d{2,4})\.[a-z]+$/.exec(file);
  const isLogo = file.includes('logo');
  const width = size ? Number(size[1]) : isLogo ? 190 : 800;
  const height = size ? Number(size[2]) : isLogo ? 79 : 450;
  const label = file
    .replace(/\.[a-z]+$/, '')
    .replace(/-\d{2,4}x\d{2,4}$/, '')
    .replace(/[-_]+/g, ' ');
  const hue = createHash('md5').update(label).digest().readUInt16BE(0) % 360;
  const fontSize = Math.max(
    10,
    Math.min(Math.round(height / 6), Math.round((width / label.length) * 1.6)),
  );
  const text = escapeHtml(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="0 0 ${String(width)} ${String(height)}" role="img" aria-label="${text}"><rect width="100%" height="100%" fill="hsl(${String(hue)}, 45%, 32%)"/><text x="50%" y="50%" fill="#ffffff" font-family="Arial, sans-serif" font-size="${String(fontSize)}" text-anchor="middle" dominant-baseline="middle">${text}</text></svg>`;
}

/** Registers `GET /wp-content/uploads/...` for the images the data names. */
export function registerUploadRoutes(app: FastifyInstance, context: BackendContext): void {
  const known = collectUploadPaths(context.data, new Set<string>());
  app.get('/wp-content/uploads/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!known.has(path)) {
      return reply.code(404).send({
        code: 'not_found',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    }
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(placeholderSvg(path));
  });
}
