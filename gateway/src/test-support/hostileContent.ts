import fs from 'node:fs';
import path from 'node:path';

/**
 * A real WordPress's answer for a post whose content carries a script, an iframe, an onclick and
 * a javascript: link (`posts?slug=ukmla-cpsa-clinical-reasoning`, captured with the sample
 * backend's other real answers).
 */
export const HOSTILE_POST_ANSWER = fs.readFileSync(
  path.join(
    __dirname,
    '../../../sample-backend/src/test-support/captured/post-hostile-content-full.json',
  ),
);

/** The storefront's WordPress site in the test gateways (testGatewayOptions). */
export const WORDPRESS_SITE = 'https://www.example-academy.test';

/**
 * HTML an editor's account in hostile hands could save: a handler, a script, an iframe, a
 * javascript: link, an image's onerror, an SVG's onload; and a link to the WordPress site's
 * course page, which the storefront shows as its route `/courses/plab-1`.
 */
export const HOSTILE_HTML =
  `<p onclick="steal()">Revise with us: <a href="${WORDPRESS_SITE}/courses/plab-1/">PLAB 1</a></p>` +
  '<script>alert("script")</script><iframe src="https://evil.example/"></iframe>' +
  `<a href="javascript:alert('href')">Open the timer</a><img src="x" onerror="alert('img')">` +
  `<svg onload="alert('svg')"><circle r="1"/></svg>`;

/** What would run, or load, in a page that shows the text. */
export const RUNNABLE = /<script|<iframe|<svg|\son\w+\s*=|javascript:|alert\(/i;
