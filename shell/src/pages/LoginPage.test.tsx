import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { SESSION_EXPIRED_QUERY, joinSession, safeStorage, type AppStore } from 'shared-store';
import {
  mockFetch,
  recordAnalytics,
  renderWithProviders,
  type MockAnswer,
} from 'shared-store/testing';
import LoginPage from './LoginPage';

const TOKEN_ROUTE = '/wp-json/jwt-auth/v1/token';

function renderLogin(prepare?: (store: AppStore) => void, route = '/login') {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/forgotpass" element={<p>Forgot password page</p>} />
    </Routes>,
    { route, ...(prepare ? { prepare } : {}) },
  );
}

describe('LoginPage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('says the session expired where the company’s app came to it for that (a full page load), and nowhere else', () => {
    mockFetch({});
    const { unmount } = renderLogin(undefined, `/login?${SESSION_EXPIRED_QUERY}`);
    expect(screen.getByRole('alert')).toHaveTextContent('Session Expired! Please Login Again');
    unmount();
    renderLogin();
    expect(screen.queryByText('Session Expired! Please Login Again')).not.toBeInTheDocument();
  });

  it('both fields are required, with a clear message for each, and nothing is sent', async () => {
    const { calls } = mockFetch({});
    const { user } = renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your email address.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Please enter your password.')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('a successful login keeps the session, lets the page’s teams take the learner in (the cart merges the saved one), pushes a login and navigates home', async () => {
    mockFetch({
      [TOKEN_ROUTE]: ({ init }) => {
        expect(JSON.parse(init.body as string)).toEqual({
          username: 'learner@example.com',
          password: 'correct horse',
        });
        return {
          body: {
            token: 'jwt-token',
            user_id: 7,
            user_email: 'learner@example.com',
            user_nicename: 'learner',
            user_display_name: 'Dr Learner',
          },
        };
      },
    });
    const takenIn: string[] = [];
    const { user } = renderLogin((store) => {
      joinSession(store, {
        loggedIn: () => {
          takenIn.push(safeStorage.getItem('user_id') ?? 'nobody');
          return Promise.resolve();
        },
      });
    });
    const analytics = recordAnalytics();
    await user.type(screen.getByLabelText('Email address'), ' learner@example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    analytics.stop();
    expect(safeStorage.getItem('token')).toBe('jwt-token');
    expect(safeStorage.getItem('user_id')).toBe('7');
    expect(takenIn).toEqual(['7']);
    // Analytics learns how the learner logged in, never who.
    expect(analytics.pushed).toEqual([{ event: 'login', method: 'email' }]);
  });

  it("a refused login shows the server's message as its HTML, stores nothing and is no login", async () => {
    mockFetch({
      [TOKEN_ROUTE]: () => ({
        status: 403,
        body: {
          code: '[jwt_auth] incorrect_password',
          message:
            '<strong>Error:</strong> The password you entered for the email address <strong>learner@example.com</strong> is incorrect. <a href="/forgotpass">Lost your password?</a>',
          data: { status: 403 },
        },
      }),
    });
    const { user } = renderLogin();
    const analytics = recordAnalytics();
    await user.type(screen.getByLabelText('Email address'), 'learner@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    analytics.stop();
    expect(analytics.pushed).toEqual([]);
    expect(alert).toHaveTextContent(
      'Error: The password you entered for the email address learner@example.com is incorrect.',
    );
    expect(alert.querySelector('strong')).toHaveTextContent('Error:');
    expect(safeStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();

    // The message's own link stays inside the app.
    await user.click(screen.getByRole('link', { name: 'Lost your password?' }));
    expect(screen.getByText('Forgot password page')).toBeInTheDocument();
  });

  it('the submit button is disabled while the request runs', async () => {
    let answer: (answer: MockAnswer) => void = () => undefined;
    mockFetch({
      [TOKEN_ROUTE]: () =>
        new Promise<MockAnswer>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email address'), 'learner@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    answer({ status: 403, body: { code: 'x', message: 'Unknown email address.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown email address.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('links to sign-up and to the forgotten-password page', () => {
    mockFetch({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgotpass',
    );
  });
});
