import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, type MockHandler } from 'shared-store/testing';
import SubscribePage from './SubscribePage';

const PAGES_ROUTE = '/wp-json/wp/v2/pages';
const FOOTER_ROUTE = '/wp-json/wp/v2/footer';
const DEFAULT_ACTION = '/wp-json/custom/v1/newsletter';

const page = {
  body: [
    {
      id: 9,
      slug: 'arora-subscribe-form',
      title: { rendered: 'Subscribe to Arora Updates' },
      content: { rendered: '<h2>Join Arora Updates</h2><p>Two emails a month.</p>' },
    },
  ],
};

const thanks = {
  success: true,
  message: 'Thanks! Please check your inbox to confirm your subscription to Arora Updates.',
};

function renderSubscribe(handlers: Record<string, MockHandler>) {
  const fetched = mockFetch({ [PAGES_ROUTE]: () => page, ...handlers });
  return {
    ...fetched,
    ...renderWithProviders(<SubscribePage />, { route: '/arora-subscribe-form' }),
  };
}

// The footer answer is cached for an hour inside shared-store: the tests that need the footer
// unavailable run before the one that loads it.
describe('SubscribePage', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("an empty email gives exactly 'Email is required!'", async () => {
    const { user, calls } = renderSubscribe({});
    expect(await screen.findByRole('heading', { name: 'Join Arora Updates' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Email is required!$/);
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=arora-subscribe-form`]);
  });

  it('an invalid email gives exactly the invalid-email message', async () => {
    const { user, calls } = renderSubscribe({});
    await user.type(screen.getByLabelText('Email address'), 'name@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert').textContent).toBe(
      "Please enter a valid email address like 'name@example.com'.",
    );
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=arora-subscribe-form`]);
  });

  it("a server error is shown and the typed email kept (footer down: the site's own route)", async () => {
    const { user, calls } = renderSubscribe({
      [FOOTER_ROUTE]: () => ({ status: 500, body: undefined }),
      [DEFAULT_ACTION]: () => ({
        status: 400,
        body: { code: 'invalid_email', message: 'Please enter a valid email address.' },
      }),
    });
    await user.type(screen.getByLabelText('Email address'), 'doctor@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('doctor@example.com');
    expect(calls).toContain(DEFAULT_ACTION);
  });

  it("a valid email is posted to the footer form's action and the confirmation replaces the form", async () => {
    let posted: unknown;
    const { user } = renderSubscribe({
      [FOOTER_ROUTE]: () => ({
        body: {
          html: '<div><form action="/wp-json/custom/v1/newsletter-footer" method="post"><input name="email"></form></div>',
        },
      }),
      '/wp-json/custom/v1/newsletter-footer': ({ init }) => {
        posted = JSON.parse(init.body as string);
        return { body: thanks };
      },
    });
    await user.type(screen.getByLabelText('Email address'), ' doctor@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(thanks.message);
    expect(posted).toEqual({ email: 'doctor@example.com' });
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(document.title).toBe('Subscribe to Arora Updates | Arora Medical Education');
  });

  it('the form works without the page text', async () => {
    mockFetch({ [PAGES_ROUTE]: () => ({ body: [] }) });
    renderWithProviders(<SubscribePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Subscribe to Arora Updates' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('form', { name: 'Arora Updates newsletter' }),
    ).toBeInTheDocument();
  });
});
