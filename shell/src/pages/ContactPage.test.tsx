import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type MockHandler } from 'shared-store/testing';
import ContactPage, { NOT_SENT, TOO_MANY_MESSAGES } from './ContactPage';

const PAGES_ROUTE = '/wp-json/wp/v2/pages';
const SUBMIT_ROUTE = '/wp-json/contact-form/v1/submit';

const intro = {
  body: [
    {
      id: 96110,
      slug: 'contact-us',
      title: { rendered: 'Contact us' },
      content: {
        rendered: '<h2>We are here to help</h2><p>Questions about a course?</p>',
      },
    },
  ],
};

const ok = { body: { success: true, message: 'Thank you for your message.' } };

function renderContact(handlers: Record<string, MockHandler> = {}) {
  const fetched = mockFetch({ [PAGES_ROUTE]: () => ({ body: [] }), ...handlers });
  return {
    ...fetched,
    ...renderWithProviders(<ContactPage slug="contact-us" title="Contact us" />, {
      route: '/contact-us',
    }),
  };
}

const typed = {
  name: '  Dr Amara Okafor ',
  phone: ' +44 (0)7700 900-123 ',
  email: ' amara@example.com ',
  message: '  Does the PLAB 1 course include mock exams?  ',
};

async function fill(user: UserEvent, values: Partial<typeof typed> = {}) {
  const all = { ...typed, ...values };
  const fields: [string, string][] = [
    ['Name', all.name],
    ['Phone number', all.phone],
    ['Email address', all.email],
    ['Message', all.message],
  ];
  for (const [label, value] of fields) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value !== '') {
      await user.click(field);
      await user.paste(value);
    }
  }
}

const send = () => screen.getByRole('button', { name: 'Send message' });

describe('ContactPage', () => {
  it('sends exactly the contact form’s fields, trimmed, and the confirmation takes the focus', async () => {
    let posted: unknown;
    let authorization: string | null = 'not asked';
    const { user, calls } = renderContact({
      [PAGES_ROUTE]: () => intro,
      [SUBMIT_ROUTE]: ({ init }) => {
        posted = JSON.parse(init.body ?? '');
        authorization = init.headers.get('authorization');
        return ok;
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'We are here to help' })).toBeVisible();

    await fill(user);
    await user.click(send());

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent(
      'Thank you, Dr Amara Okafor. We have your message and will reply to amara@example.com within two working days.',
    );
    expect(confirmation).toHaveFocus();
    expect(posted).toEqual({
      name: 'Dr Amara Okafor',
      phonenum: '+44 (0)7700 900-123',
      email: 'amara@example.com',
      message: 'Does the PLAB 1 course include mock exams?',
    });
    expect(authorization).toBeNull();
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=contact-us`, SUBMIT_ROUTE]);
    expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();
    expect(document.title).toBe('Contact us | Arora Medical Education');
  });

  it('an empty form names every missing field, focuses the first and sends nothing', async () => {
    const { user, calls } = renderContact();
    await user.click(send());
    const errors = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(errors).toEqual([
      'Please enter your name.',
      'Please enter your phone number.',
      'Email is required!',
      'Please enter your message.',
    ]);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=contact-us`]);
  });

  it.each([
    [
      'a name longer than 100 characters',
      { name: 'A'.repeat(101) },
      'Name',
      'Your name must be 100 characters at most.',
    ],
    [
      'an invalid email',
      { email: 'amara@example' },
      'Email address',
      "Please enter a valid email address like 'name@example.com'.",
    ],
    [
      'a phone number with letters',
      { phone: '07700 CALL ME' },
      'Phone number',
      'Please enter a phone number of 7 to 20 digits, like 07700 900123 or +44 7700 900123.',
    ],
    [
      'a phone number of 6 digits',
      { phone: '123 456' },
      'Phone number',
      'Please enter a phone number of 7 to 20 digits, like 07700 900123 or +44 7700 900123.',
    ],
    [
      'a phone number of 21 digits',
      { phone: '+44 1234 5678 9012 3456 789' },
      'Phone number',
      'Please enter a phone number of 7 to 20 digits, like 07700 900123 or +44 7700 900123.',
    ],
    [
      'a message of 9 characters',
      { message: ' Mock day ' },
      'Message',
      'Your message must be at least 10 characters long.',
    ],
    [
      'a message of 5001 characters',
      { message: 'x'.repeat(5001) },
      'Message',
      'Your message must be 5000 characters at most (it has 5001).',
    ],
  ])('%s: its message under its field, and nothing sent', async (_rule, values, label, message) => {
    const { user, calls } = renderContact();
    await fill(user, values);
    await user.click(send());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(screen.getByLabelText(label)).toHaveFocus();
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=contact-us`]);
  });

  it('a phone number of 7 digits and a message of 10 characters are enough', async () => {
    const { user } = renderContact({ [SUBMIT_ROUTE]: () => ok });
    await fill(user, { phone: '1234567', message: '0123456789' });
    await user.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, Dr Amara Okafor.');
  });

  it("a server refusal shows the server's message and keeps everything typed", async () => {
    const { user } = renderContact({
      [SUBMIT_ROUTE]: () => ({
        status: 400,
        body: {
          code: 'rest_invalid_param',
          message: 'Please enter a valid phone number, e.g. 07700 900123.',
          data: { status: 400 },
        },
      }),
    });
    await fill(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid phone number, e.g. 07700 900123.',
    );
    expect(screen.getByLabelText('Name')).toHaveValue(typed.name);
    expect(screen.getByLabelText('Phone number')).toHaveValue(typed.phone);
    // An email field's value never keeps surrounding spaces (HTML's value sanitization).
    expect(screen.getByLabelText('Email address')).toHaveValue(typed.email.trim());
    expect(screen.getByLabelText('Message')).toHaveValue(typed.message);
    expect(send()).toBeEnabled();
  });

  it('an answer of success false is a refusal with its message', async () => {
    const { user } = renderContact({
      [SUBMIT_ROUTE]: () => ({ body: { success: false, message: 'Our inbox is full today.' } }),
    });
    await fill(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Our inbox is full today.');
    expect(screen.getByLabelText('Message')).toHaveValue(typed.message);
  });

  it('too many messages (429): asks to wait a minute', async () => {
    const { user } = renderContact({
      [SUBMIT_ROUTE]: () => ({
        status: 429,
        body: { code: 'rate_limited', message: 'Too many requests.', data: { status: 429 } },
      }),
    });
    await fill(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_MESSAGES);
    expect(TOO_MANY_MESSAGES).toContain('wait a minute');
  });

  it('a server error without a message: says it was not sent', async () => {
    const { user } = renderContact({ [SUBMIT_ROUTE]: () => ({ status: 502, body: undefined }) });
    await fill(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_SENT);
    expect(screen.getByLabelText('Message')).toHaveValue(typed.message);
  });

  it('a double submit sends once', async () => {
    const pending: { answer?: (value: typeof ok) => void } = {};
    const { user, calls } = renderContact({
      [SUBMIT_ROUTE]: () =>
        new Promise((resolve) => {
          pending.answer = resolve;
        }),
    });
    await fill(user);
    const form = screen.getByRole('form', { name: 'Contact form' });
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await waitFor(() => {
      expect(pending.answer).toBeDefined();
    });
    pending.answer?.(ok);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you');
    expect(calls.filter((url) => url === SUBMIT_ROUTE)).toHaveLength(1);
  });
});
