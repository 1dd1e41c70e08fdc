import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import ForgotPasswordPage from './ForgotPasswordPage';

const FORGOT_ROUTE = '/wp-json/custom/v1/forgot-password';
const RESET_ROUTE = '/wp-json/custom/v1/reset-password-form';

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/forgotpass" element={<ForgotPasswordPage />} />
    </Routes>,
    { route },
  );
}

describe('ForgotPasswordPage', () => {
  describe('without a reset link: the request step', () => {
    it('checks the email before sending anything', async () => {
      const { calls } = mockFetch({});
      const { user } = renderAt('/forgotpass');
      expect(
        screen.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Email is required!');
      await user.type(screen.getByLabelText('Email address'), 'not-an-email');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        "Please enter a valid email address like 'name@example.com'.",
      );
      expect(calls).toEqual([]);
    });

    it("sends the email and shows the server's message", async () => {
      mockFetch({
        [FORGOT_ROUTE]: ({ init }) => {
          expect(JSON.parse(init.body as string)).toEqual({ email: 'learner@example.com' });
          return {
            body: {
              success: true,
              message: 'If an account exists for that email, a reset link has been sent.',
            },
          };
        },
      });
      const { user } = renderAt('/forgotpass');
      await user.type(screen.getByLabelText('Email address'), 'learner@example.com');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'If an account exists for that email, a reset link has been sent.',
      );
    });
  });

  describe('with key and login: the reset step', () => {
    const route = '/forgotpass?key=k3y&login=learner%40example.com';

    it('asks for a new password of at least 8 characters, typed twice', async () => {
      const { calls } = mockFetch({});
      const { user } = renderAt(route);
      expect(
        screen.getByRole('heading', { level: 1, name: 'Reset your password' }),
      ).toBeInTheDocument();
      await user.type(screen.getByLabelText('New password'), 'short');
      await user.type(screen.getByLabelText('Confirm new password'), 'other');
      await user.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(
        screen.getByText('Your password must be at least 8 characters long.'),
      ).toBeInTheDocument();
      expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it('sends key, login and the new password, then offers to log in', async () => {
      mockFetch({
        [RESET_ROUTE]: ({ init }) => {
          expect(JSON.parse(init.body as string)).toEqual({
            key: 'k3y',
            login: 'learner@example.com',
            new_password: 'a new password',
          });
          return {
            body: { success: true, message: 'Your password has been reset. You can now log in.' },
          };
        },
      });
      const { user } = renderAt(route);
      await user.type(screen.getByLabelText('New password'), 'a new password');
      await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
      await user.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Your password has been reset. You can now log in.',
      );
      expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    });

    it("shows the server's error and a way to ask for a new link", async () => {
      mockFetch({
        [RESET_ROUTE]: () => ({
          status: 400,
          body: {
            code: 'invalid_key',
            message: 'This password reset link is invalid or has expired.',
          },
        }),
      });
      const { user } = renderAt(route);
      await user.type(screen.getByLabelText('New password'), 'a new password');
      await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
      await user.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This password reset link is invalid or has expired.',
      );
      await user.click(screen.getByRole('link', { name: 'Request a new reset link' }));
      expect(
        screen.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
      ).toBeInTheDocument();
    });
  });

  it.each(['/forgotpass?key=k3y', '/forgotpass?login=learner', '/forgotpass?key=&login=learner'])(
    'an incomplete reset link (%s) says so and offers a new one',
    async (route) => {
      const { calls } = mockFetch({});
      const { user } = renderAt(route);
      expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is incomplete');
      expect(screen.getByRole('link', { name: 'start again' })).toHaveAttribute(
        'href',
        '/forgotpass',
      );
      expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'start again' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(calls).toEqual([]);
    },
  );
});
