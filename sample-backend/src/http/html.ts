import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../domain/text';

/**
 * The sample's few HTML pages (order payment, learner dashboard): one self-contained layout with
 * a single inline style, allowed by its hash, and no script at all. Only a page with forms may
 * submit one, and only to its own origin.
 */

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1d2733}
main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin-top:0}table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dde3ea}td.num,th.num{text-align:right}
.total{font-size:1.25rem;font-weight:700}.note{background:#fff6d6;padding:1rem;border-radius:6px}
.notice{background:#fde8e8;padding:.5rem 1rem;border-radius:6px;margin:1rem 0}
form{margin:1rem 0}fieldset{border:1px solid #dde3ea;border-radius:6px;margin:0 0 1rem}
label{display:block;padding:.25rem 0}button{font:inherit;padding:.5rem 1.25rem;border:0;
border-radius:6px;background:#0b5cad;color:#fff;cursor:pointer}button.secondary{background:#5b6673}`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const securityPolicy = (formAction: string) =>
  `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'self'`;

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

/**
 * Sends an HTML page with its security headers; private pages are never cached. A page with
 * `forms` may post them to its own origin; any other may post none.
 */
export function sendHtml(
  reply: FastifyReply,
  status: number,
  html: string,
  { forms = false }: { forms?: boolean } = {},
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=UTF-8')
    .header('content-security-policy', securityPolicy(forms ? "'self'" : "'none'"))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(html);
}
