'use strict';
/* global beforeAll, beforeEach, afterEach, afterAll, window -- Jest's and jsdom's, in every test file this set-up runs for */
require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');
const { setupServer } = require('msw/node');

// The one network layer of the browser packages' tests: Mock Service Worker intercepts every
// request (fetch, XMLHttpRequest) and answers it from the handlers a test set with mockFetch
// (shared-store/testing). A request no handler answered fails the call, and the test that made
// it when the test ends, even when the code under test turned the failure into an empty list.
const server = setupServer();

// findBy… and waitFor wait for what the user would see; on a loaded two-core machine a first
// render that compiles a module can take longer than the library's one second. They still fail
// when the awaited thing never comes.
configure({ asyncUtilTimeout: 4000 });

// jsdom lays nothing out, so a page there has nothing to scroll: scrolling (a new page starting at
// its top) does nothing, where jsdom's own would report that it is not implemented. A test of
// scrolling puts its own in place. (A test in Node's environment has no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
const unanswered = [];

/** The server mockFetch adds its handlers to. */
globalThis.__testServer = server;

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      unanswered.push(`${request.method} ${request.url}`);
      // Prints which request it was and rejects it: nothing reaches the network.
      print.error();
    },
  });
});

beforeEach(() => {
  unanswered.length = 0;
});

afterEach(() => {
  server.resetHandlers();
  if (unanswered.length > 0) {
    const requests = unanswered.splice(0);
    throw new Error(`Requests no test answered: ${requests.join(', ')}`);
  }
});

afterAll(() => {
  server.close();
});
