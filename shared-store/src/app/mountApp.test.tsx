import { act, screen } from '@testing-library/react';
import { Suspense, lazy, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { makeStore } from '../store/makeStore';
import { useAppSelector } from '../store/hooks';
import { StorefrontProviders, mountApp } from './mountApp';

function LoginState() {
  const loggedIn = useAppSelector((state) => state.loginData.loginData);
  return <p>{loggedIn ? 'in' : 'out'}</p>;
}

describe('mountApp', () => {
  it('renders inside the store and router once the stored state is back', async () => {
    window.localStorage.setItem(
      'persist:root',
      JSON.stringify({ loginData: JSON.stringify({ loginData: true }), _persist: '{"version":1}' }),
    );
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      await mountApp(container, () => <LoginState />);
    });
    expect(screen.getByText('in')).toBeInTheDocument();
  });
});

describe('the router', () => {
  it('shows the address a back or forward press reached while the first render was under way', () => {
    window.history.replaceState(null, '', '/courses?exam=plab&sort=price-asc');
    let pressed = false;
    // The first render yields to the browser between components: a back is pressed meanwhile.
    function BackPressedMeanwhile() {
      if (!pressed) {
        pressed = true;
        window.history.replaceState(null, '', '/courses?exam=plab');
        window.dispatchEvent(new PopStateEvent('popstate'));
      }
      return null;
    }
    function Where() {
      const { pathname, search } = useLocation();
      return <p>{`Showing ${pathname}${search}`}</p>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => {
      root.render(
        <StorefrontProviders store={makeStore()}>
          <BackPressedMeanwhile />
          <Where />
        </StorefrontProviders>,
      );
    });

    expect(screen.getByText('Showing /courses?exam=plab')).toBeInTheDocument();
    act(() => {
      root.unmount();
    });
  });

  /** A list page whose code never arrives (held on the line). */
  const NeverLoads = lazy(() => new Promise<{ default: ComponentType }>(() => undefined));

  function Served({ served }: { served: boolean }) {
    const navigate = useNavigate();
    return (
      <>
        {served ? (
          <div data-server-render="home/CourseListPage">
            <h3>PLAB 1 Question Bank</h3>
          </div>
        ) : (
          <h3>PLAB 1 Question Bank</h3>
        )}
        <button
          type="button"
          onClick={() => {
            void navigate('/courses?exam=plab');
          }}
        >
          Back
        </button>
      </>
    );
  }

  let mounted: { root: Root; container: HTMLElement } | undefined;
  afterEach(() => {
    act(() => {
      mounted?.root.unmount();
    });
    mounted?.container.remove();
    mounted = undefined;
  });

  /** The sorted list, served (its markup the gateway's) or the page's own render. */
  function renderListAt(served: boolean) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    mounted = { root, container };
    window.history.replaceState(null, '', '/courses/sorted');
    act(() => {
      root.render(
        <StorefrontProviders store={makeStore()}>
          <Suspense fallback={<p>The list’s skeleton</p>}>
            <Routes>
              <Route path="/courses/sorted" element={<Served served={served} />} />
              <Route path="/courses" element={<NeverLoads />} />
            </Routes>
          </Suspense>
        </StorefrontProviders>,
      );
    });
  }

  it('a move away from the page the gateway served shows the next page’s skeleton at once, never the served page under the new address', () => {
    renderListAt(true);
    act(() => {
      screen.getByRole('button', { name: 'Back' }).click();
    });
    expect(screen.queryByRole('heading', { name: 'PLAB 1 Question Bank' })).toBeNull();
    expect(screen.getByText('The list’s skeleton')).toBeInTheDocument();
  });

  it('a move away from the page’s own render keeps it on screen until the next page’s code is in', () => {
    renderListAt(false);
    act(() => {
      screen.getByRole('button', { name: 'Back' }).click();
    });
    expect(screen.getByRole('heading', { name: 'PLAB 1 Question Bank' })).toBeInTheDocument();
    expect(screen.queryByText('The list’s skeleton')).toBeNull();
  });
});
