/**
 * Fake timers that move only the clock (`Date.now`) the caches and the log's throttles read: the
 * network's timers run as usual, so servers and upstreams in the test keep answering.
 */
export function fakeClockOnly(): void {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
