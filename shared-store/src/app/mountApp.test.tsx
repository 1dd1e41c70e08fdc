import { act, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { useLocation } from 'react-router-dom';
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
});
