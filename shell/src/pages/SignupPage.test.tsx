import { screen } from '@testing-library/react';
import { mockFetch, recordAnalytics, renderWithProviders } from 'shared-store/testing';
import SignupPage from './SignupPage';

/** The sign-up form filled in and sent; what analytics was told meanwhile. */
async function signUp(user: ReturnType<typeof renderWithProviders>['user'], answer: string) {
  const analytics = recordAnalytics();
  try {
    await user.type(screen.getByLabelText('Username'), 'drpatel');
    await user.type(screen.getByLabelText('Email address'), 'patel@example.co.uk');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole(answer);
  } finally {
    analytics.stop();
  }
  return analytics.pushed;
}

const REGISTER_ROUTE = '/wp-json/custom/v1/register';

describe('SignupPage', () => {
  it('every field is required, and nothing is sent until the form is valid', async () => {
    const { calls } = mockFetch({});
    const { user } = renderWithProviders(<SignupPage />, { route: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Please choose a username.')).toBeInTheDocument();
    expect(screen.getByText('Email is required!')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('checks the email, a password of at least 8 characters and that both passwords match', async () => {
    const { calls } = mockFetch({});
    const { user } = renderWithProviders(<SignupPage />, { route: '/signup' });
    await user.type(screen.getByLabelText('Username'), 'drpatel');
    await user.type(screen.getByLabelText('Email address'), 'patel@nhs');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      screen.getByText("Please enter a valid email address like 'name@example.com'."),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your password must be at least 8 characters long.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters. Your password must be at least 8 characters long.',
    );

    // Typing in a field clears its message.
    await user.type(screen.getByLabelText('Email address'), '.uk');
    expect(
      screen.queryByText("Please enter a valid email address like 'name@example.com'."),
    ).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a valid form is confirmed with the gateway’s words, whether or not the address had an account, and links to log in or reset the password; analytics gets a sign_up', async () => {
    mockFetch({
      [REGISTER_ROUTE]: ({ init }) => {
        expect(JSON.parse(init.body as string)).toEqual({
          username: 'drpatel',
          email: 'patel@example.co.uk',
          password: 'long enough',
        });
        return {
          status: 201,
          body: {
            success: true,
            message:
              'If this email address and username are new to us, your account is ready: log in with your email address and password. If either already has an account, log in with that account’s password or reset it, or sign up again with another username.',
          },
        };
      },
    });
    const { user } = renderWithProviders(<SignupPage />, { route: '/signup' });
    const pushed = await signUp(user, 'status');
    // Analytics learns how the account was made, never who made it.
    expect(pushed).toEqual([{ event: 'sign_up', method: 'email' }]);
    const confirmation = screen.getByRole('status');
    expect(confirmation).toHaveTextContent('Thank you for signing up');
    expect(confirmation).toHaveTextContent(
      'If this email address and username are new to us, your account is ready: log in with your email address and password.',
    );
    expect(confirmation).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgotpass',
    );
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it("a refusal shows the server's message, keeps what was typed, and is no sign-up", async () => {
    mockFetch({
      [REGISTER_ROUTE]: () => ({
        status: 400,
        body: {
          code: 'invalid_username',
          message:
            'Usernames must be 3 to 60 characters: letters, digits, spaces and _ . @ - only.',
          data: { status: 400 },
        },
      }),
    });
    const { user } = renderWithProviders(<SignupPage />, { route: '/signup' });
    const pushed = await signUp(user, 'alert');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Usernames must be 3 to 60 characters: letters, digits, spaces and _ . @ - only.',
    );
    expect(pushed).toEqual([]);
    expect(screen.getByLabelText('Email address')).toHaveValue('patel@example.co.uk');
  });
});
