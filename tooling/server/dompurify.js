'use strict';
/**
 * DOMPurify for a server renderer (createServerConfig): the browser build sanitizes with the
 * page's DOM; on the server the same sanitizer, with the same settings and hooks, works on a
 * jsdom window. jsdom is not bundled: the process running the renderer provides it.
 */
const { JSDOM } = require('jsdom');
// `dompurify` itself is aliased to this file in a server build: its exports map's "./purify.js"
// entry is the same sanitizer.
const createDOMPurify = require('dompurify/purify.js');

module.exports = createDOMPurify(new JSDOM('').window);
