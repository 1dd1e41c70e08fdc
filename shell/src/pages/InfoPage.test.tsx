import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, type MockHandler } from 'shared-store/testing';
import InfoPage from './InfoPage';

const POLICY_ROUTE = '/wp-json/custom/v1/acceptable-use-policy';

function renderPolicy(handler: MockHandler) {
  const fetched = mockFetch({ [POLICY_ROUTE]: handler });
  return {
    ...fetched,
    ...renderWithProviders(
      <InfoPage slug="acceptable-use-policy" title="Acceptable Use Policy" />,
      { route: '/acceptable-use-policy' },
    ),
  };
}

describe('InfoPage', () => {
  it('shows the policy under its own title, its content as the HTML served', async () => {
    const { calls } = renderPolicy(() => ({
      body: {
        title: 'Acceptable Use Policy &amp; Fair Use',
        content:
          '<h2>You may</h2><p>Use the question banks yourself.</p>' +
          '<a href="/privacy-policy">Privacy Policy</a>',
      },
    }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Acceptable Use Policy' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    expect(await screen.findByRole('heading', { name: 'You may' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Acceptable Use Policy & Fair Use' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Use the question banks yourself.').tagName).toBe('P');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(calls).toEqual([POLICY_ROUTE]);
    expect(document.title).toBe('Acceptable Use Policy & Fair Use | Arora Medical Education');
  });

  it('a failed read says so, and "Try again" asks again', async () => {
    let attempts = 0;
    const { user } = renderPolicy(() => {
      attempts += 1;
      return attempts === 1
        ? { status: 503, body: undefined }
        : { body: { title: 'Acceptable Use Policy', content: '<p>Be kind.</p>' } };
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't load our Acceptable Use Policy just now.",
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Be kind.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('an answer of another shape is a failure that can be tried again, logged once', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPolicy(() => ({ body: { title: 42, content: { html: '<p>?</p>' } } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't load our Acceptable Use Policy just now.",
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      `${POLICY_ROUTE} sent an answer of an unexpected shape:`,
      expect.anything(),
    );
  });

  it('a policy without text: says so and offers the contact page', async () => {
    renderPolicy(() => ({ body: { title: '', content: '  ' } }));
    expect(
      await screen.findByText('Our Acceptable Use Policy has no text yet.', { exact: false }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact-us');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Acceptable Use Policy' }),
    ).toBeInTheDocument();
  });
});
