import * as v from 'valibot';
import {
  ApiError,
  apiClient,
  createQuery,
  decodeEntities,
  listOf,
  rejecting,
  safeStorage,
} from 'shared-store';
import { assertSuccess, calendarDay, formatDate, toFiniteNumber } from './components/messages';

/** The learner whose courses these are: the stored user id and token of the session. */
export interface Learner {
  userId: number;
  token: string;
}

/** A course the learner bought, as the page shows it: plain text, days and a percentage. */
export interface LearnerCourseView {
  key: string;
  /** The course's id as usercourses gives it (`course_id`); null when it gives none. */
  courseId: number | null;
  title: string;
  exam: string;
  /** The length bought ('3 Months'). */
  month: string;
  /** YYYY-MM-DD for <time>, and the en-GB text shown ('' when the backend sent no day). */
  start: string;
  startText: string;
  expiry: string;
  expiryText: string;
  active: boolean;
  /** 0 to 100, or null when unknown. */
  progress: number | null;
}

const text = v.fallback(v.optional(v.string(), ''), '');

const learnerCourse = v.looseObject({
  title: v.string(),
  course_id: v.optional(v.unknown()),
  exam: text,
  month: text,
  start_date: text,
  expiry_date: text,
  status: text,
  progress_percent: v.optional(v.unknown()),
});

/** Today in the visitor's own calendar, as YYYY-MM-DD. */
export function todayOf(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A day of the backend (YYYY-MM-DD, perhaps with a time), or '' when it is none. */
function dayOf(value: string): string {
  const day = value.slice(0, 10);
  return calendarDay(day) ? day : '';
}

/**
 * The backend's status when it says active or expired; otherwise expired once the expiry day has
 * passed.
 */
function isActive(status: string, expiry: string, today: string): boolean {
  const said = status.trim().toLowerCase();
  if (said === 'active' || said === 'expired') return said === 'active';
  return expiry === '' || expiry >= today;
}

function toView(
  course: v.InferOutput<typeof learnerCourse>,
  index: number,
  today: string,
): LearnerCourseView | null {
  const title = decodeEntities(course.title).trim();
  if (title === '') return null;
  const start = dayOf(course.start_date);
  const expiry = dayOf(course.expiry_date);
  const progress = toFiniteNumber(course.progress_percent);
  const courseId = toFiniteNumber(course.course_id);
  return {
    key: `${String(courseId ?? '')}-${String(index)}`,
    courseId: courseId !== null && Number.isSafeInteger(courseId) && courseId > 0 ? courseId : null,
    title,
    exam: decodeEntities(course.exam).trim(),
    month: decodeEntities(course.month).trim(),
    start,
    startText: formatDate(start),
    expiry,
    expiryText: formatDate(expiry),
    active: isActive(course.status, expiry, today),
    progress: progress === null ? null : Math.round(Math.min(100, Math.max(0, progress))),
  };
}

/**
 * The learner's courses (`wp/v2/usercourses/{user_id}` with their token). A failure rejects (a
 * 401 is a session that has ended); an answer that is not a list is null (logged once); a course
 * without a title is left out.
 */
export const learnerCoursesRead = rejecting(
  createQuery<Learner, LearnerCourseView[] | null>({
    name: 'learnerCourses',
    request: ({ userId, token }) => ({
      path: `/wp-json/wp/v2/usercourses/${String(userId)}`,
      token,
    }),
    schema: v.pipe(
      listOf(learnerCourse),
      v.transform((courses) => {
        const today = todayOf(new Date());
        return courses.flatMap((course, index) => toView(course, index, today) ?? []);
      }),
    ),
    empty: null,
  }),
);

/** The session's token was refused: it has ended (or belongs to someone else). */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * The learner's exam date as WordPress keeps it: users/me's meta `exam_date`, which WordPress
 * gives once the company's plugin registers that user meta for its REST API (docs/DEPLOY.md).
 * The gateway asks for that field alone. A day (YYYY-MM-DD), or '' when none is saved; undefined
 * when WordPress does not give one (the meta is not registered, or its value is not a day), or the
 * read failed (logged once): the page then shows the date this device saved.
 */
export const savedExamDateRead = createQuery<Learner, string | undefined>({
  name: 'savedExamDate',
  request: ({ token }) => ({ path: '/wp-json/wp/v2/users/me', token }),
  schema: v.pipe(
    v.looseObject({ meta: v.optional(v.unknown()) }),
    v.transform(({ meta }) => {
      if (typeof meta !== 'object' || meta === null || !Object.hasOwn(meta, 'exam_date')) {
        return undefined;
      }
      const saved = (meta as { exam_date: unknown }).exam_date;
      if (saved === '') return '';
      return typeof saved === 'string' && calendarDay(saved) ? saved : undefined;
    }),
  ),
  empty: undefined,
});

/**
 * The key of the exam date this device last saved, with the learner's id: logout and an expired
 * session clear it with the rest of the storage (all but isAllowed).
 */
const DEVICE_EXAM_DATE_KEY = 'examDate';

/** What the device keeps: whose date it is, and the day. */
const deviceDate = v.object({
  userId: v.number(),
  examDate: v.pipe(
    v.string(),
    v.check((day) => calendarDay(day) !== null),
  ),
});

/** The exam date this device last saved for this learner; '' when none (or what is kept is bad). */
export function deviceExamDate(learner: Learner): string {
  let kept: unknown;
  try {
    kept = JSON.parse(safeStorage.getItem(DEVICE_EXAM_DATE_KEY) ?? 'null');
  } catch {
    return '';
  }
  const parsed = v.safeParse(deviceDate, kept);
  return parsed.success && parsed.output.userId === learner.userId ? parsed.output.examDate : '';
}

/**
 * Saves the learner's exam date (YYYY-MM-DD) with their token; answers the date saved, which this
 * device then keeps for the learner until logout.
 */
export async function saveExamDate(learner: Learner, examDate: string): Promise<string> {
  const answer = await apiClient.request<unknown>('/wp-json/wp/v2/update_user_date', {
    method: 'POST',
    body: { user_id: learner.userId, exam_date: examDate },
    token: learner.token,
  });
  assertSuccess(answer);
  safeStorage.setItem(DEVICE_EXAM_DATE_KEY, JSON.stringify({ userId: learner.userId, examDate }));
  return examDate;
}
