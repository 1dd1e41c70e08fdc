import { screen, waitFor, within } from '@testing-library/react';
import { eventBus } from 'shared-store';
import {
  makeStore,
  mockFetch,
  renderWithProviders,
  userLoggedIn,
  type MockHandler,
} from 'shared-store/testing';
import MyCoursesPage from './MyCoursesPage';

const COURSES_ROUTE = '/wp-json/wp/v2/usercourses/3';
const EXAM_DATE_ROUTE = '/wp-json/wp/v2/update_user_date';
const PROFILE_ROUTE = '/wp-json/wp/v2/users/me';
/** users/me as WordPress gives it without the plugin's exam_date meta registered. */
const PROFILE_WITHOUT_META = { body: { id: 3, meta: [] } };
/** ...and with it, once a date is saved. */
const profileWith = (examDate: string) => ({ body: { id: 3, meta: { exam_date: examDate } } });
const TOKEN = 'learner-token';

const courses = [
  {
    course_id: 2101,
    title: 'UKMLA AKT Online Course',
    exam: 'UKMLA',
    month: '3 Months',
    start_date: '2026-10-02',
    expiry_date: '2027-01-02',
    status: 'active',
    progress_percent: 42,
  },
  {
    course_id: 2108,
    title: 'PLAB 1 Question Bank',
    exam: 'PLAB',
    month: '1 Month',
    start_date: '2026-06-10',
    expiry_date: '2026-07-10',
    status: 'expired',
    progress_percent: 88,
  },
];

function loggedInState() {
  const store = makeStore();
  store.dispatch(userLoggedIn());
  return store.getState();
}

function renderMyCourses(handlers: Record<string, MockHandler>, { loggedIn = true } = {}) {
  if (loggedIn) {
    localStorage.setItem('token', TOKEN);
    localStorage.setItem('user_id', '3');
  }
  const fetched = mockFetch({ [PROFILE_ROUTE]: () => PROFILE_WITHOUT_META, ...handlers });
  return {
    ...fetched,
    ...renderWithProviders(<MyCoursesPage slug="my-courses" title="My courses" />, {
      route: '/my-courses',
      ...(loggedIn ? { preloadedState: loggedInState() } : {}),
    }),
  };
}

describe('MyCoursesPage', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('lists the learner’s courses, read with their token, each active one linking to the dashboard', async () => {
    let authorization: string | null = null;
    const { calls } = renderMyCourses({
      [COURSES_ROUTE]: ({ init }) => {
        authorization = init.headers.get('authorization');
        return { body: courses };
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your courses…');

    const [ukmla, plab] = await screen.findAllByRole('listitem');
    if (!ukmla || !plab) throw new Error('Two courses were expected.');
    expect(within(ukmla).getByRole('heading', { level: 3 })).toHaveTextContent(
      'UKMLA AKT Online Course',
    );
    expect(ukmla).toHaveTextContent('Active');
    expect(ukmla).toHaveTextContent('ExamUKMLA');
    expect(ukmla).toHaveTextContent('Length3 Months');
    expect(ukmla).toHaveTextContent('Started2 October 2026');
    expect(ukmla).toHaveTextContent('Expires2 January 2027');
    expect(ukmla).toHaveTextContent('42% complete');
    expect(within(ukmla).getByRole('progressbar')).toHaveAttribute('value', '42');
    const go = within(ukmla).getByRole('link', { name: 'Go to course' });
    expect(go).toHaveAttribute('href', `/portal/course/${TOKEN}`);
    expect(go).toHaveAccessibleDescription('UKMLA AKT Online Course');

    expect(plab).toHaveTextContent('Expired');
    expect(plab).toHaveTextContent('88% complete');
    expect(within(plab).queryByRole('link', { name: 'Go to course' })).not.toBeInTheDocument();

    expect(calls.sort()).toEqual([PROFILE_ROUTE, COURSES_ROUTE].sort());
    expect(authorization).toBe(`Bearer ${TOKEN}`);
    expect(document.title).toBe('My courses | Arora Medical Education');
  });

  it('in the company’s app the dashboard link says so', async () => {
    sessionStorage.setItem('isMobileApp', 'true');
    renderMyCourses({ [COURSES_ROUTE]: () => ({ body: courses }) });
    expect(await screen.findByRole('link', { name: 'Go to course' })).toHaveAttribute(
      'href',
      `/portal/course/${TOKEN}?isMobileApp=true`,
    );
  });

  it('posts the exam date with the token and confirms it', async () => {
    let posted: unknown;
    let authorization: string | null = null;
    const { user } = renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      [EXAM_DATE_ROUTE]: ({ init }) => {
        posted = JSON.parse(init.body ?? '');
        authorization = init.headers.get('authorization');
        return { body: { success: true, user_id: 3, exam_date: '2099-05-14' } };
      },
    });
    const date = await screen.findByLabelText('Your exam date');
    await user.type(date, '2099-05-14');
    await user.click(screen.getByRole('button', { name: 'Save exam date' }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent("We'll plan your revision around 14 May 2099.");
    expect(confirmation).toHaveFocus();
    expect(posted).toEqual({ user_id: 3, exam_date: '2099-05-14' });
    expect(authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ['no date', '', 'Please choose your exam date.'],
    ['a day in the past', '2000-01-01', 'Your exam date cannot be in the past.'],
  ])('an exam date form with %s: its message, and nothing sent', async (_case, typed, message) => {
    const { user, calls } = renderMyCourses({ [COURSES_ROUTE]: () => ({ body: courses }) });
    const date = await screen.findByLabelText('Your exam date');
    if (typed) await user.type(date, typed);
    await user.click(screen.getByRole('button', { name: 'Save exam date' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(date).toHaveFocus();
    expect(calls.filter((url) => url === EXAM_DATE_ROUTE)).toEqual([]);
  });

  it('an expired course offers Renew, to its course on the courses page; an active one does not', async () => {
    renderMyCourses({
      [COURSES_ROUTE]: () => ({
        body: [
          ...courses,
          { title: 'MSRA Mock Exam', status: 'expired', expiry_date: '2026-01-01' },
        ],
      }),
    });
    const [ukmla, plab, msra] = await screen.findAllByRole('listitem');
    if (!ukmla || !plab || !msra) throw new Error('Three courses were expected.');
    expect(within(ukmla).queryByRole('link', { name: 'Renew' })).not.toBeInTheDocument();
    const renew = within(plab).getByRole('link', { name: 'Renew' });
    expect(renew).toHaveAttribute('href', '/courses?course=2108');
    expect(renew).toHaveAccessibleDescription('PLAB 1 Question Bank');
    // A course without an id: the courses page, where the learner finds it by its name.
    expect(within(msra).getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/courses');
  });

  it('the exam date WordPress keeps (users/me meta exam_date) is shown, and in the field to change', async () => {
    localStorage.setItem('examDate', JSON.stringify({ userId: 3, examDate: '2099-01-01' }));
    let authorization: string | null = null;
    renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      [PROFILE_ROUTE]: ({ init }) => {
        authorization = init.headers.get('authorization');
        return profileWith('2099-05-14');
      },
    });
    expect(await screen.findByLabelText('Your exam date')).toHaveValue('2099-05-14');
    expect(screen.getByText(/^Your exam date:/)).toHaveTextContent('Your exam date: 14 May 2099');
    expect(authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('WordPress keeping no exam date for the learner: an empty field, whatever this device saved', async () => {
    localStorage.setItem('examDate', JSON.stringify({ userId: 3, examDate: '2099-01-01' }));
    renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      [PROFILE_ROUTE]: () => profileWith(''),
    });
    expect(await screen.findByLabelText('Your exam date')).toHaveValue('');
    expect(screen.queryByText(/^Your exam date:/)).not.toBeInTheDocument();
  });

  it.each([
    ['does not give the meta', () => PROFILE_WITHOUT_META],
    ['cannot be read', () => ({ status: 503, body: { code: 'down', message: 'Down.' } })],
  ])(
    'WordPress that %s: the date this device saved for this learner, and never another’s',
    async (_case, profile) => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      localStorage.setItem('examDate', JSON.stringify({ userId: 3, examDate: '2099-06-01' }));
      const { unmount } = renderMyCourses({
        [COURSES_ROUTE]: () => ({ body: courses }),
        [PROFILE_ROUTE]: profile,
      });
      expect(await screen.findByLabelText('Your exam date')).toHaveValue('2099-06-01');
      expect(screen.getByText(/^Your exam date:/)).toHaveTextContent('Your exam date: 1 June 2099');
      unmount();

      localStorage.setItem('examDate', JSON.stringify({ userId: 4, examDate: '2099-06-01' }));
      renderMyCourses({ [COURSES_ROUTE]: () => ({ body: courses }), [PROFILE_ROUTE]: profile });
      expect(await screen.findByLabelText('Your exam date')).toHaveValue('');
      warn.mockRestore();
    },
  );

  it('a saved exam date is there on return, and can be changed again at once', async () => {
    const { user, unmount } = renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      [EXAM_DATE_ROUTE]: () => ({ body: { success: true, user_id: 3, exam_date: '2099-05-14' } }),
    });
    await user.type(await screen.findByLabelText('Your exam date'), '2099-05-14');
    await user.click(screen.getByRole('button', { name: 'Save exam date' }));
    await screen.findByText("We'll plan your revision around 14 May 2099.");
    await user.click(screen.getByRole('button', { name: 'Change exam date' }));
    expect(screen.getByLabelText('Your exam date')).toHaveValue('2099-05-14');
    expect(screen.getByLabelText('Your exam date')).toHaveFocus();
    expect(screen.getByText(/^Your exam date:/)).toHaveTextContent('Your exam date: 14 May 2099');
    unmount();

    // Back on the page (WordPress without the meta): the date this device saved.
    renderMyCourses({ [COURSES_ROUTE]: () => ({ body: courses }) });
    expect(await screen.findByLabelText('Your exam date')).toHaveValue('2099-05-14');
  });

  it('the date picker starts at today', async () => {
    renderMyCourses({ [COURSES_ROUTE]: () => ({ body: courses }) });
    const date = await screen.findByLabelText('Your exam date');
    expect(date).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(new Date(`${date.getAttribute('min') ?? ''}T23:59:59`).getTime()).toBeGreaterThan(
      Date.now(),
    );
  });

  it('a learner without courses: "You have no courses yet" and a way to the courses', async () => {
    renderMyCourses({ [COURSES_ROUTE]: () => ({ body: [] }) });
    expect(await screen.findByText('You have no courses yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('logged out: a message and a link to log in, and nothing asked', async () => {
    const { calls } = renderMyCourses({}, { loggedIn: false });
    expect(screen.getByText('Please log in to see your courses.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await Promise.resolve();
    expect(calls).toEqual([]);
  });

  it('a token the server refuses (401): the session has ended, with a link to log in', async () => {
    renderMyCourses({
      [COURSES_ROUTE]: () => ({
        status: 401,
        body: { code: 'rest_not_logged_in', message: 'You are not currently logged in.' },
      }),
    });
    expect(
      await screen.findByText('Your session has ended. Please log in again to see your courses.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('a token refused while saving the exam date: the session has ended', async () => {
    const { user } = renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      [EXAM_DATE_ROUTE]: () => ({
        status: 401,
        body: { code: 'jwt_auth_invalid_token', message: 'Expired token' },
      }),
    });
    await user.type(await screen.findByLabelText('Your exam date'), '2099-05-14');
    await user.click(screen.getByRole('button', { name: 'Save exam date' }));
    expect(
      await screen.findByText('Your session has ended. Please log in again to see your courses.'),
    ).toBeVisible();
  });

  it('a server error on saving keeps the date typed and the one saved before, and shows the server’s message', async () => {
    const { user } = renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      [PROFILE_ROUTE]: () => profileWith('2099-03-01'),
      [EXAM_DATE_ROUTE]: () => ({
        status: 400,
        body: { code: 'rest_invalid_param', message: 'exam_date must be a valid date.' },
      }),
    });
    const date = await screen.findByLabelText('Your exam date');
    await user.clear(date);
    await user.type(date, '2099-05-14');
    await user.click(screen.getByRole('button', { name: 'Save exam date' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('exam_date must be a valid date.');
    expect(date).toHaveValue('2099-05-14');
    expect(screen.getByText(/^Your exam date:/)).toHaveTextContent('Your exam date: 1 March 2099');
    expect(localStorage.getItem('examDate')).toBeNull();
  });

  it('courses that cannot load: a message and "Try again"', async () => {
    let attempts = 0;
    const { user } = renderMyCourses({
      [COURSES_ROUTE]: () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: undefined } : { body: courses };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't load your courses just now.",
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('UKMLA AKT Online Course')).toBeVisible();
  });

  it('hostile or odd course data: markup stays text, odd entries are left out, progress is 0–100', async () => {
    const { container } = renderMyCourses({
      [COURSES_ROUTE]: () => ({
        body: [
          {
            title: 'MSRA &amp; CPST <img src=x onerror="window.hacked=1">',
            status: 'active',
            progress_percent: '250',
            start_date: 'soon',
            expiry_date: '2099-02-30',
          },
          { title: 42, status: 'active' },
          { title: '   ', status: 'active' },
          'not a course',
        ],
      }),
    });
    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('heading', { level: 3 })).toHaveTextContent('MSRA & CPST');
    expect(container.querySelector('[onerror], img')).toBeNull();
    expect(item).toHaveTextContent('100% complete');
    expect(item).not.toHaveTextContent('Started');
    expect(item).not.toHaveTextContent('Expires');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('an answer that is not a list is a failure, logged once, not "no courses"', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderMyCourses({ [COURSES_ROUTE]: () => ({ body: { courses: 'none' } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't load your courses just now.",
    );
    expect(screen.queryByText('You have no courses yet.')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('"Log out of all devices" ends every session of the learner at the gateway, then logs out here', async () => {
    localStorage.setItem('examDate', JSON.stringify({ userId: 3, examDate: '2099-06-01' }));
    const bus: unknown[] = [];
    const subscription = eventBus.on('notify').subscribe((event) => bus.push(event));
    let revokedWith: string | null = null;
    const { user, calls } = renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      '/lms/api/v1/item/': () => ({ body: { userId: 3, data: null } }),
      '/api/session/logout-all': ({ init }) => {
        revokedWith = init.headers.get('authorization');
        return { status: 204, body: undefined };
      },
    });
    await screen.findAllByRole('listitem');
    const section = screen.getByRole('region', { name: 'Your devices' });
    await user.click(within(section).getByRole('button', { name: 'Log out of all devices' }));
    await screen.findByText('Please log in to see your courses.');
    subscription.unsubscribe();
    expect(revokedWith).toBe(`Bearer ${TOKEN}`);
    expect(calls.filter((url) => url === '/api/session/logout')).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();
    // The exam date this device kept goes with the session.
    expect(localStorage.getItem('examDate')).toBeNull();
    expect(bus).toContainEqual({
      type: 'notify',
      level: 'success',
      message: 'You are logged out on all your devices.',
    });
  });

  it('"Log out of all devices" that fails keeps the learner logged in, and says so', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bus: unknown[] = [];
    const subscription = eventBus.on('notify').subscribe((event) => bus.push(event));
    const { user } = renderMyCourses({
      [COURSES_ROUTE]: () => ({ body: courses }),
      '/lms/api/v1/item/': () => ({ body: { userId: 3, data: null } }),
      '/api/session/logout-all': () => ({
        status: 503,
        body: { code: 'auth_unavailable', message: 'Down.', data: { status: 503 } },
      }),
    });
    await screen.findAllByRole('listitem');
    const button = screen.getByRole('button', { name: 'Log out of all devices' });
    await user.click(button);
    await waitFor(() => {
      expect(bus).toContainEqual({
        type: 'notify',
        level: 'error',
        message: 'We could not log you out of your other devices. Please try again.',
      });
    });
    subscription.unsubscribe();
    warn.mockRestore();
    expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(screen.getByText('UKMLA AKT Online Course')).toBeVisible();
  });
});
