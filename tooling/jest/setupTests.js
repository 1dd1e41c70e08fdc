'use strict';
/* global beforeEach, afterEach -- Jest's, in every test file this set-up runs for */
require('@testing-library/jest-dom');

// jsdom lacks the encoders react-router needs; Node's are the standard ones.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });

// The one network layer of the browser packages' tests: a request no test answered fails the
// test that made it, even when the code under test turned the failure into an empty list.
// mockFetch (shared-store/testing) answers the requests a test expects and reports the others
// here.
const unanswered = [];
globalThis.__reportUnansweredRequest = (url) => unanswered.push(url);

beforeEach(() => {
  unanswered.length = 0;
  globalThis.fetch = (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    unanswered.push(url);
    return Promise.reject(new TypeError(`Unexpected request in test: ${url}`));
  };
});

afterEach(() => {
  if (unanswered.length > 0) {
    const urls = unanswered.splice(0);
    throw new Error(`Requests no test answered: ${urls.join(', ')}`);
  }
});
