import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useNavigate } from 'react-router-dom';
import { useScrollOnNavigation } from './useScrollOnNavigation';

/** The page's height, as the test draws it (jsdom lays nothing out). */
let pageHeight = 3000;
/** What the page grows on: the test's resize observers, told by `grow`. */
const observers: (() => void)[] = [];

function Pages() {
  useScrollOnNavigation();
  const navigate = useNavigate();
  return (
    <>
      <Link to="/courses">Courses</Link>
      <Link to="/courses#dates">Dates</Link>
      <button
        type="button"
        onClick={() => {
          void navigate(-1);
        }}
      >
        Back
      </button>
    </>
  );
}

/** Where the page is, and scrolling it as the browser does, to at most the page's height. */
function scrolledTo(top: number) {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

/** A click and what React does of it, to its last update. */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
    await Promise.resolve();
  });
}

/** The page grown to `height` (its remote's part drawn), and what React does of it. */
async function grow(height: number) {
  await act(async () => {
    pageHeight = height;
    for (const observer of observers) observer();
    await Promise.resolve();
  });
}

function drawPages() {
  render(
    <MemoryRouter>
      <Pages />
    </MemoryRouter>,
  );
}

/** Where the visitor was on the page they leave and come back to. */
const LEFT_AT = 1426;

/**
 * The visitor, LEFT_AT down the first page, goes to Courses, then back: the page they come back to
 * is drawn short at first (its remote's page comes later).
 */
async function leftAndCameBack() {
  drawPages();
  scrolledTo(LEFT_AT);
  await click(screen.getByRole('link', { name: 'Courses' }));
  pageHeight = 800;
  await click(screen.getByRole('button', { name: 'Back' }));
}

beforeEach(() => {
  pageHeight = 3000;
  observers.length = 0;
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    get: () => pageHeight,
    configurable: true,
  });
  jest.spyOn(window, 'scrollTo').mockImplementation((_x: number, y: number) => {
    scrolledTo(Math.min(y, pageHeight - window.innerHeight));
  });
  globalThis.ResizeObserver = class {
    private readonly told: () => void;
    constructor(callback: ResizeObserverCallback) {
      this.told = () => {
        callback([], this);
      };
    }
    observe() {
      observers.push(this.told);
    }
    unobserve() {
      this.disconnect();
    }
    disconnect() {
      observers.splice(observers.indexOf(this.told), 1);
    }
  };
  scrolledTo(0);
});

afterEach(() => {
  jest.restoreAllMocks();
});

it('a page the visitor goes to starts at its top, wherever the last one was scrolled', async () => {
  drawPages();
  scrolledTo(LEFT_AT);
  await click(screen.getByRole('link', { name: 'Courses' }));
  expect(window.scrollY).toBe(0);
});

it('an address with a #target is left to the target’s own scrolling', async () => {
  drawPages();
  scrolledTo(900);
  await click(screen.getByRole('link', { name: 'Dates' }));
  expect(window.scrollY).toBe(900);
});

it('going back returns to where the page was left, once it has grown tall enough again', async () => {
  await leftAndCameBack();
  expect(window.scrollY).toBeLessThan(LEFT_AT);
  await grow(3000);
  expect(window.scrollY).toBe(LEFT_AT);
});

it('going back stops waiting for the page once the visitor scrolls on their own', async () => {
  await leftAndCameBack();
  fireEvent.wheel(window);
  scrolledTo(100);
  await grow(3000);
  expect(window.scrollY).toBe(100);
});
