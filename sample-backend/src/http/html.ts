import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../domain/text';

/**
 * The sample's few HTML pages (order payment, learner dashboard): one self-contained layout with
 * a single inline style, allowed by its hash, and no script at all.
 */

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1d2733}
main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin-top:0}table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dde3ea}td.num,th.num{text-align:right}
.total{font-size:1.25rem;font-weight:700}.note{background:#fff6d6;padding:1rem;border-radius:6px}`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const SECURITY_POLICY = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;

/** A complete HTML document; `body` is trusted markup, `title` is escaped here. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Sends an HTML page with its security headers; private pages are never cached. */
export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=UTF-8')
    .header('content-security-policy', SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(html);
}
