import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EventBus } from 'shared-store';
import { shellFile } from '../testing/shellFile';
import { createConsentChoice } from './consentChoice';
import { watchConsentQuestion } from './lazyQuestion';

/** The page's body as shell/public/index.html writes it: the question, then the app's root. */
function openPage(): void {
  const html = shellFile('..', '..', 'public', 'index.html');
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

const question = () => screen.queryByRole('region', { name: 'Cookies on this site' });
const consentCookie = () => /cookie_consent=([^;]*)/.exec(document.cookie)?.[1];

describe('the cookie question', () => {
  let gtag: jest.Mock;
  let bus: EventBus;
  beforeEach(() => {
    gtag = jest.fn();
    window.gtag = gtag;
    bus = new EventBus();
    openPage();
  });
  afterEach(() => {
    delete window.gtag;
    document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
    document.body.innerHTML = '';
  });

  const start = () => {
    watchConsentQuestion(document, createConsentChoice(), bus);
  };
  /** A tap as a finger gives it: down on the control, then the click. */
  const tap = (element: HTMLElement) => {
    fireEvent.pointerDown(element);
    fireEvent.click(element);
  };

  it('is asked on a first visit; Accept all (tapped before the question’s code is in) keeps the answer, tells Consent Mode and goes', async () => {
    start();
    expect(question()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    await waitFor(() => {
      expect(consentCookie()).toBe('v1-a1-m1');
    });
    expect(gtag).toHaveBeenCalledWith('consent', 'update', {
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    expect(question()).not.toBeInTheDocument();
  });

  it('Reject all refuses both, as easily, and once: the code that arrived with the finger takes the tap', async () => {
    start();
    tap(screen.getByRole('button', { name: 'Reject all' }));
    await waitFor(() => {
      expect(consentCookie()).toBe('v1-a0-m0');
    });
    expect(gtag).toHaveBeenCalledTimes(1);
    expect(gtag).toHaveBeenCalledWith(
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' }),
    );
    expect(question()).not.toBeInTheDocument();
  });

  it('Choose shows the two choices, none ticked; Save my choices keeps analytics without marketing', async () => {
    start();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save my choices' })).not.toBeInTheDocument();
    tap(screen.getByRole('button', { name: 'Choose' }));
    await screen.findByRole('button', { name: 'Save my choices' });
    expect(screen.queryByRole('button', { name: 'Choose' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Analytics/ })).not.toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Analytics/ }));
    expect(screen.getByRole('checkbox', { name: /^Marketing/ })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(consentCookie()).toBe('v1-a1-m0');
    expect(question()).not.toBeInTheDocument();
  });

  it('Choose, which hides itself, gives the focus to the first choice: it is never dropped', async () => {
    start();
    const choose = screen.getByRole('button', { name: 'Choose' });
    choose.focus();
    fireEvent.click(choose);
    await screen.findByRole('button', { name: 'Save my choices' });
    expect(screen.getByRole('checkbox', { name: /^Analytics/ })).toHaveFocus();
  });

  it('an answer gives the focus back to where it came from into the question', async () => {
    start();
    const link = document.createElement('a');
    link.href = '/courses';
    link.textContent = 'Our courses';
    document.body.append(link);
    tap(screen.getByRole('button', { name: 'Choose' }));
    const analytics = await screen.findByRole('checkbox', { name: /^Analytics/ });
    link.focus();
    analytics.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(question()).not.toBeInTheDocument();
    expect(link).toHaveFocus();
  });

  it('an answer given with the focus come from nowhere (the page’s top) gives it to the page’s content, not the body', async () => {
    start();
    const accept = screen.getByRole('button', { name: 'Accept all' });
    accept.focus();
    fireEvent.click(accept);
    await waitFor(() => {
      expect(question()).not.toBeInTheDocument();
    });
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('a page whose cookie holds an answer keeps the question hidden; a malformed one asks', () => {
    document.cookie = 'cookie_consent=v1-a1-m1x; Path=/';
    start();
    expect(question()).toBeInTheDocument();
    openPage();
    document.cookie = 'cookie_consent=v1-a0-m1; Path=/';
    start();
    expect(question()).not.toBeInTheDocument();
  });

  it('the footer’s Cookie settings shows it again with the answer given, focused; focus goes back after the new answer', async () => {
    document.cookie = 'cookie_consent=v1-a1-m0; Path=/';
    start();
    const opener = document.createElement('button');
    opener.textContent = 'Cookie settings';
    document.body.append(opener);
    opener.focus();
    bus.emit({ type: 'consent:open' });
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Cookies on this site' })).toHaveFocus();
    });
    expect(screen.getByRole('checkbox', { name: /^Analytics/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Marketing/ })).not.toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Marketing/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my choices' }));
    expect(consentCookie()).toBe('v1-a1-m1');
    expect(question()).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
