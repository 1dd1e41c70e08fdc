import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { HEADING_WAIT_MS } from './navigationFocus';
import { useFocusOnNavigation } from './useFocusOnNavigation';

/** Lets a test draw the courses page's content when it wants (its read arriving). */
let showCourses: (() => void) | undefined;

/** A page that names itself as it draws, as the shop's pages do. */
function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Arora Medical Education`;
  }, [title]);
  return <>{children}</>;
}

/** The courses page: its frame, busy, with a "Loading" heading, until its read arrives. */
function Courses() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    showCourses = () => {
      setReady(true);
    };
  }, []);
  if (!ready) {
    return (
      <div aria-busy="true">
        <h1>Loading courses…</h1>
      </div>
    );
  }
  return (
    <Titled title="Our courses">
      <h1>Our courses</h1>
      <h2 id="dates">Dates</h2>
    </Titled>
  );
}

function Shop() {
  useFocusOnNavigation();
  const navigate = useNavigate();
  return (
    <>
      <header>
        <Link to="/courses">Courses</Link>
        <Link to="/courses#dates">Dates</Link>
        <Link to="/courses?exam=plab">PLAB courses</Link>
        <Link to="/blank">A page without a heading</Link>
        <label>
          Search
          <input type="search" />
        </label>
        <button
          type="button"
          onClick={() => {
            void navigate(-1);
          }}
        >
          Back
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route
            path="/"
            element={
              <Titled title="Home">
                <h1>Exam preparation</h1>
              </Titled>
            }
          />
          <Route path="/courses" element={<Courses />} />
          <Route path="/blank" element={<p>Nothing to head.</p>} />
        </Routes>
      </main>
    </>
  );
}

function openShop() {
  render(
    <MemoryRouter>
      <Shop />
    </MemoryRouter>,
  );
}

/** A click on a link, as a keyboard or a mouse gives it: the link has the focus. */
function follow(name: string) {
  const link = screen.getByRole('link', { name });
  link.focus();
  fireEvent.click(link);
}

function coursesArrive() {
  act(() => {
    showCourses?.();
  });
}

const liveRegion = () => screen.getByRole('status');

afterEach(() => {
  showCourses = undefined;
  document.title = '';
});

describe('the focus and what is said after a move inside the app', () => {
  it('the page’s first load takes no focus and says nothing (its first paint is the served page’s)', async () => {
    openShop();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(document.body).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('after a link, the new page’s heading has the focus once it is drawn (not its loading one), and its title is said', async () => {
    openShop();
    follow('Courses');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('heading', { name: 'Loading courses…' })).not.toHaveFocus();
    coursesArrive();
    const heading = screen.getByRole('heading', { name: 'Our courses', level: 1 });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    // Focusable by the shell, not a stop of the Tab key.
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => {
      expect(liveRegion()).toHaveTextContent(/^Our courses \| Arora Medical Education$/);
    });
  });

  it('back and forward move the focus as a link does', async () => {
    openShop();
    follow('Courses');
    coursesArrive();
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Our courses' })).toHaveFocus();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Exam preparation' })).toHaveFocus();
    });
    await waitFor(() => {
      expect(liveRegion()).toHaveTextContent('Home | Arora Medical Education');
    });
  });

  it('never takes the focus from where the visitor put it while the page loads (the search box)', async () => {
    openShop();
    follow('Courses');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    search.focus();
    fireEvent.change(search, { target: { value: 'plab' } });
    coursesArrive();
    await waitFor(() => {
      expect(liveRegion()).toHaveTextContent('Our courses | Arora Medical Education');
    });
    expect(search).toHaveFocus();
  });

  it('a move to a #target gives the focus to the target, not the heading', async () => {
    openShop();
    follow('Dates');
    coursesArrive();
    const target = screen.getByRole('heading', { name: 'Dates' });
    await waitFor(() => {
      expect(target).toHaveFocus();
    });
    expect(target).toHaveAttribute('tabindex', '-1');
  });

  it('a move that changes only the query (a list’s filter) leaves the focus on the control used', async () => {
    openShop();
    follow('Courses');
    coursesArrive();
    await waitFor(() => {
      expect(liveRegion()).toHaveTextContent('Our courses | Arora Medical Education');
    });
    follow('PLAB courses');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('link', { name: 'PLAB courses' })).toHaveFocus();
  });

  it('a page that never draws a heading gives the focus to its main region, not the body', async () => {
    jest.useFakeTimers();
    try {
      openShop();
      follow('A page without a heading');
      await act(async () => {
        await import('./navigationFocus');
      });
      expect(screen.getByRole('main')).not.toHaveFocus();
      act(() => {
        jest.advanceTimersByTime(HEADING_WAIT_MS);
      });
      expect(screen.getByRole('main')).toHaveFocus();
    } finally {
      jest.useRealTimers();
    }
  });
});
