import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import CourseListPage from './CourseListPage';
import CoursePage from './CoursePage';
import EventListPage from './EventListPage';
import EventPage from './EventPage';
import { lazyPage } from './lazyPage';
import LocationPage from './LocationPage';

describe('the pages the remote exposes', () => {
  it('are components, as the shell requires of an exposed module’s default', () => {
    for (const page of [CourseListPage, CoursePage, EventListPage, EventPage, LocationPage]) {
      expect(typeof page).toBe('function');
    }
  });

  it('load their code when first shown, the shell’s placeholder showing meanwhile', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: () => <h1>The page</h1> });
    });
    expect(loads).toBe(0);
    render(
      <Suspense fallback={<p>Placeholder</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Placeholder')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeVisible();
    expect(loads).toBe(1);
  });
});
