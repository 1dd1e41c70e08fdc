import { prefetchQueue } from './queue';

/** The browser's idle moments, handed out by the test: each `idle()` runs what waited for one. */
function idleMoments() {
  const waiting: (() => void)[] = [];
  return {
    schedule: (run: () => void) => {
      waiting.push(run);
    },
    idle: () => {
      for (const run of waiting.splice(0)) run();
    },
  };
}

/** A read ahead the test settles: `started` counts its starts, `finish` ends the last one. */
function job() {
  const ends: (() => void)[] = [];
  const run = jest.fn(
    () =>
      new Promise<void>((resolve) => {
        ends.push(resolve);
      }),
  );
  return {
    run,
    finish: async () => {
      ends.shift()?.();
      // Lets the queue hear of it.
      await Promise.resolve();
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

describe('reading ahead, a few at a time, when the browser is idle, never twice', () => {
  it('a link in view is read ahead only once the browser is idle', () => {
    const moments = idleMoments();
    const queue = prefetchQueue(2, moments.schedule);
    const course = job();
    queue.add('/courses/plab-1', course.run, false);
    expect(course.run).not.toHaveBeenCalled();
    moments.idle();
    expect(course.run).toHaveBeenCalledTimes(1);
  });

  it('no more than the few at once: the next starts when one ends', async () => {
    const moments = idleMoments();
    const queue = prefetchQueue(2, moments.schedule);
    const jobs = [job(), job(), job()];
    jobs.forEach((each, index) => {
      queue.add(`/courses/${String(index)}`, each.run, false);
    });
    moments.idle();
    moments.idle();
    expect(jobs.map((each) => each.run.mock.calls.length)).toEqual([1, 1, 0]);
    await jobs[0]?.finish();
    moments.idle();
    expect(jobs[2]?.run).toHaveBeenCalledTimes(1);
  });

  it('the same page is never read ahead twice, in view or pointed at', async () => {
    const moments = idleMoments();
    const queue = prefetchQueue(2, moments.schedule);
    const course = job();
    queue.add('/courses/plab-1', course.run, false);
    queue.add('/courses/plab-1', course.run, false);
    moments.idle();
    await course.finish();
    queue.add('/courses/plab-1', course.run, true);
    queue.add('/courses/plab-1', course.run, false);
    moments.idle();
    expect(course.run).toHaveBeenCalledTimes(1);
  });

  it('a link pointed at, focused or touched is read ahead at once, ahead of those in view', () => {
    const moments = idleMoments();
    const queue = prefetchQueue(1, moments.schedule);
    const inView = job();
    const touched = job();
    queue.add('/courses/plab-1', inView.run, false);
    queue.add('/courses/plab-2', touched.run, true);
    expect(touched.run).toHaveBeenCalledTimes(1);
    expect(inView.run).not.toHaveBeenCalled();
  });

  it('links pointed at keep to the few at once too, each next in line before those in view', async () => {
    const moments = idleMoments();
    const queue = prefetchQueue(1, moments.schedule);
    const [first, inView, second] = [job(), job(), job()];
    queue.add('/courses/plab-1', first.run, true);
    queue.add('/courses/plab-2', inView.run, false);
    queue.add('/courses/plab-3', second.run, true);
    expect(second.run).not.toHaveBeenCalled();
    await first.finish();
    moments.idle();
    expect(second.run).toHaveBeenCalledTimes(1);
    expect(inView.run).not.toHaveBeenCalled();
  });

  it('a link waiting in view that is then touched starts at once, and once', () => {
    const moments = idleMoments();
    const queue = prefetchQueue(1, moments.schedule);
    const course = job();
    queue.add('/courses/plab-1', course.run, false);
    queue.add('/courses/plab-1', course.run, true);
    moments.idle();
    expect(course.run).toHaveBeenCalledTimes(1);
  });

  it('a read ahead that fails is not tried again, and frees its place', async () => {
    const moments = idleMoments();
    const queue = prefetchQueue(1, moments.schedule);
    const failing = jest.fn(() => Promise.reject(new Error('offline')));
    const next = job();
    queue.add('/courses/plab-1', failing, false);
    queue.add('/courses/plab-2', next.run, false);
    moments.idle();
    await next.finish();
    moments.idle();
    queue.add('/courses/plab-1', failing, true);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(next.run).toHaveBeenCalledTimes(1);
  });
});
