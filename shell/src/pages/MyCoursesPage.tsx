import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  courseByIdPath,
  dashboardUrl,
  isMobileApp,
  readPublicConfig,
  safeStorage,
  selectIsLoggedIn,
  selectLogoutStatus,
  STORAGE_KEYS,
  useAppSelector,
  useDocumentTitle,
  useRead,
  useSession,
} from 'shared-store';
import type { ShellPageProps } from '.';
import { Confirmation } from './components/Confirmation';
import { FormActions } from './components/FormActions';
import { FormField } from './components/FormField';
import { LoadFailed, Loading } from './components/LoadState';
import { calendarDay, formatDate } from './components/messages';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import { useAction } from './components/useAction';
import { useForm } from './components/useForm';
import {
  deviceExamDate,
  isSessionEnded,
  learnerCoursesRead,
  saveExamDate,
  savedExamDateRead,
  todayOf,
  type Learner,
  type LearnerCourseView,
} from './myCourses';
import './pages.css';

/** The session's learner: logged in, with a token and a user id in storage; null otherwise. */
function useLearner(): Learner | null {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (!loggedIn) return null;
  const token = safeStorage.getItem(STORAGE_KEYS.token);
  const userId = safeStorage.getItem(STORAGE_KEYS.userId) ?? '';
  if (!token || !/^[1-9]\d{0,9}$/.test(userId)) return null;
  return { token, userId: Number(userId) };
}

function LogInNotice({ children }: { children: string }) {
  return (
    <Notice tone="info">
      <p>{children}</p>
      <p>
        <Link className="shell-button" to="/login">
          Log in
        </Link>
      </p>
    </Notice>
  );
}

function CourseCard({ course, dashboard }: { course: LearnerCourseView; dashboard: string }) {
  const id = useId();
  const titleId = `${id}-title`;
  const progressId = `${id}-progress`;
  return (
    <li className="shell-card shell-course">
      <h3 className="shell-card__title" id={titleId}>
        {course.title}
      </h3>
      <p
        className={`shell-course__status shell-course__status--${course.active ? 'active' : 'expired'}`}
      >
        {course.active ? 'Active' : 'Expired'}
      </p>
      <dl className="shell-course__facts">
        {course.exam && (
          <div>
            <dt>Exam</dt>
            <dd>{course.exam}</dd>
          </div>
        )}
        {course.month && (
          <div>
            <dt>Length</dt>
            <dd>{course.month}</dd>
          </div>
        )}
        {course.startText && (
          <div>
            <dt>Started</dt>
            <dd>
              <time dateTime={course.start}>{course.startText}</time>
            </dd>
          </div>
        )}
        {course.expiryText && (
          <div>
            <dt>{course.active ? 'Expires' : 'Expired'}</dt>
            <dd>
              <time dateTime={course.expiry}>{course.expiryText}</time>
            </dd>
          </div>
        )}
      </dl>
      {course.progress !== null && (
        <div className="shell-course__progress">
          <progress
            className="shell-progress"
            max={100}
            value={course.progress}
            aria-labelledby={`${titleId} ${progressId}`}
          />
          <p className="shell-muted" id={progressId}>
            {course.progress}% complete
          </p>
        </div>
      )}
      <p>
        {course.active ? (
          <a className="shell-button" href={dashboard} aria-describedby={titleId}>
            Go to course
          </a>
        ) : (
          // Buying it again: the course's page, with its lengths and prices.
          <Link
            className="shell-button"
            to={courseByIdPath(course.courseId)}
            aria-describedby={titleId}
          >
            Renew
          </Link>
        )}
      </p>
    </li>
  );
}

function examDateError(value: string, today: string): string | undefined {
  if (value === '') return 'Please choose your exam date.';
  if (!calendarDay(value)) return 'Please enter the date as YYYY-MM-DD, for example 2027-05-14.';
  if (value < today) return 'Your exam date cannot be in the past.';
  return undefined;
}

/** The exam date form: a day from today on, saved with the learner's token. */
function ExamDateForm({
  learner,
  saved,
  onSaved,
  onSessionEnded,
}: {
  learner: Learner;
  /** The date saved so far, which the field starts with; '' when none. */
  saved: string;
  onSaved: (examDate: string) => void;
  onSessionEnded: () => void;
}) {
  const today = todayOf(new Date());
  const form = useForm<'examDate'>({ examDate: saved }, (values) => ({
    examDate: examDateError(values.examDate, todayOf(new Date())),
  }));
  const save = useAction(async (examDate: string) => {
    try {
      return await saveExamDate(learner, examDate);
    } catch (error) {
      if (isSessionEnded(error)) onSessionEnded();
      throw error;
    }
  });
  return (
    <form
      className="shell-form"
      onSubmit={form.handleSubmit((values) => {
        void save.run(values.examDate).then((outcome) => {
          if (outcome?.status === 'done') onSaved(outcome.result);
        });
      })}
      noValidate
    >
      <FormField
        label="Your exam date"
        type="date"
        min={today}
        hint="Tell us when you sit your exam and we will plan your revision around it."
        {...form.field('examDate')}
      />
      <FormActions state={save.state} label="Save exam date" busyLabel="Saving…" />
    </form>
  );
}

/**
 * The learner's exam date: the one saved so far (WordPress's, else this device's), shown and in
 * the field to change; once saved, a confirmation with a way to change it again.
 */
function ExamDate({
  learner,
  saved: savedBefore,
  onSessionEnded,
}: {
  learner: Learner;
  saved: string;
  onSessionEnded: () => void;
}) {
  const [saved, setSaved] = useState(savedBefore);
  const [confirmed, setConfirmed] = useState(false);
  const section = useRef<HTMLElement>(null);
  const changing = useRef(false);
  // "Change exam date" takes the keyboard to the field, where the button it pressed was.
  useEffect(() => {
    if (!confirmed && changing.current) section.current?.querySelector('input')?.focus();
  }, [confirmed]);
  if (confirmed) {
    return (
      <Confirmation heading="Exam date saved">
        <p>We'll plan your revision around {formatDate(saved)}.</p>
        <p>
          <button
            type="button"
            className="shell-button shell-button--secondary"
            onClick={() => {
              changing.current = true;
              setConfirmed(false);
            }}
          >
            Change exam date
          </button>
        </p>
      </Confirmation>
    );
  }
  return (
    <section className="shell-section" ref={section}>
      <h2 className="shell-section__title">Plan your revision</h2>
      {saved && (
        <p>
          Your exam date: <time dateTime={saved}>{formatDate(saved)}</time>
        </p>
      )}
      <ExamDateForm
        learner={learner}
        saved={saved}
        onSaved={(examDate) => {
          setSaved(examDate);
          setConfirmed(true);
        }}
        onSessionEnded={onSessionEnded}
      />
    </section>
  );
}

/**
 * "Log out of all devices", where a learner looks after their account: every session of theirs
 * ends (a lost phone, a shared computer), this one too, and they are told so on the login page.
 */
function LogOutEverywhere() {
  const session = useSession();
  const busy = useAppSelector(selectLogoutStatus) === 'saving';
  const headingId = `${useId()}-heading`;
  return (
    <section className="shell-section" aria-labelledby={headingId}>
      <h2 className="shell-section__title" id={headingId}>
        Your devices
      </h2>
      <p>
        Lost a phone, or logged in on a shared computer? Log out on every device where your account
        is logged in, this one included.
      </p>
      <p>
        <button
          type="button"
          className="shell-button shell-button--secondary"
          aria-disabled={busy}
          aria-busy={busy}
          onClick={() => {
            // Not `disabled`: the button keeps the focus while the logout runs. A click while
            // it runs starts nothing: the session allows one logout at a time.
            void session.logoutEverywhere();
          }}
        >
          {busy ? 'Logging out…' : 'Log out of all devices'}
        </button>
      </p>
    </section>
  );
}

/**
 * /my-courses: a logged-in learner's courses (usercourses/{user_id} with their token): title,
 * exam, length, dates, status and progress, each active one with a link to the learner
 * dashboard and each expired one with a way to buy it again; their exam date, as saved before
 * (WordPress's users/me meta, else this device's), to change; and "Log out of all devices".
 * Logged out, or once the server refuses the token: a way to log in.
 */
export default function MyCoursesPage({ title }: ShellPageProps) {
  useDocumentTitle(title);
  const learner = useLearner();
  const [sessionEnded, setSessionEnded] = useState(false);
  const courses = useRead(learnerCoursesRead, sessionEnded ? null : learner);
  const examDate = useRead(savedExamDateRead, sessionEnded ? null : learner);

  if (!learner) {
    return (
      <PageShell heading={title}>
        <LogInNotice>Please log in to see your courses.</LogInNotice>
      </PageShell>
    );
  }
  if (sessionEnded || (courses.status === 'failed' && isSessionEnded(courses.error))) {
    return (
      <PageShell heading={title}>
        <LogInNotice>Your session has ended. Please log in again to see your courses.</LogInNotice>
      </PageShell>
    );
  }

  const dashboard = dashboardUrl(readPublicConfig().portalUrl, learner.token, isMobileApp());
  return (
    <PageShell heading={title} busy={courses.status === 'loading'}>
      {courses.status === 'loading' && <Loading>Loading your courses…</Loading>}
      {(courses.status === 'failed' || (courses.status === 'ready' && !courses.data)) && (
        <LoadFailed retry={courses.retry}>
          <p>Sorry, we couldn't load your courses just now.</p>
        </LoadFailed>
      )}
      {courses.status === 'ready' && courses.data && (
        <>
          <section className="shell-section">
            <h2 className="shell-section__title">Your courses</h2>
            {courses.data.length === 0 ? (
              <Notice tone="info">
                <p>You have no courses yet.</p>
                <p>
                  <Link to="/courses">Browse our courses</Link>
                </p>
              </Notice>
            ) : (
              <ul className="shell-results">
                {courses.data.map((course) => (
                  <CourseCard key={course.key} course={course} dashboard={dashboard} />
                ))}
              </ul>
            )}
          </section>
          {(examDate.status === 'ready' || examDate.status === 'failed') && (
            <ExamDate
              learner={learner}
              saved={
                examDate.status === 'ready' && examDate.data !== undefined
                  ? examDate.data
                  : deviceExamDate(learner)
              }
              onSessionEnded={() => {
                setSessionEnded(true);
              }}
            />
          )}
        </>
      )}
      <LogOutEverywhere />
    </PageShell>
  );
}
