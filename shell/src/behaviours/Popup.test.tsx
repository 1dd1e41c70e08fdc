import { act, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { renderWithProviders } from 'shared-store/testing';
import { POPUP_OPENED_QUIETLY, Popup } from './Popup';

/** A page with a field to type in and a link to the home page, the popup beside it. */
function Page() {
  return (
    <>
      <label>
        Message
        <textarea />
      </label>
      <Link to="/">Home</Link>
      <Popup />
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

function dueTime() {
  act(() => {
    jest.advanceTimersByTime(10_000);
  });
}

describe('the newsletter popup and where the visitor is', () => {
  it('due while a field has the focus, it opens without taking it, and a screen reader is told', async () => {
    const { user } = renderWithProviders(<Page />, { route: '/blogs', fakeTimers: true });
    const field = screen.getByRole('textbox', { name: 'Message' });
    await user.type(field, 'I would like to book');
    dueTime();
    await user.type(field, ' the PLAB 2 mock.');
    expect(
      await screen.findByRole('dialog', { name: 'Get exam tips from Arora Updates' }),
    ).toBeVisible();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('I would like to book the PLAB 2 mock.');
    expect(screen.getByRole('status')).toHaveTextContent(POPUP_OPENED_QUIETLY);
  });

  it('due a moment after the visitor typed (the field just left), it still leaves the focus alone', async () => {
    const { user } = renderWithProviders(<Page />, { route: '/blogs', fakeTimers: true });
    act(() => {
      jest.advanceTimersByTime(8_000);
    });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    act(() => {
      screen.getByRole('textbox', { name: 'Message' }).blur();
    });
    act(() => {
      jest.advanceTimersByTime(2_000);
    });
    await screen.findByRole('dialog', { name: 'Get exam tips from Arora Updates' });
    expect(screen.getByRole('button', { name: 'Close' })).not.toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(POPUP_OPENED_QUIETLY);
  });

  it('due while a keyboard user is on a link or a button (the header’s), it opens without taking the focus, and a screen reader is told', async () => {
    renderWithProviders(<Page />, { route: '/blogs' });
    const link = screen.getByRole('link', { name: 'Home' });
    act(() => {
      link.focus();
    });
    dueTime();
    expect(
      await screen.findByRole('dialog', { name: 'Get exam tips from Arora Updates' }),
    ).toBeVisible();
    expect(link).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(POPUP_OPENED_QUIETLY);
  });

  it('due while the visitor is not typing and the focus is on nothing, its close button takes it (nothing more is said)', async () => {
    renderWithProviders(<Page />, { route: '/blogs' });
    dueTime();
    expect(await screen.findByRole('button', { name: 'Close' })).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('the newsletter popup and the pages it may not open on', () => {
  it.each(['/login', '/signup', '/forgotpass?key=k3y&login=learner', '/cart', '/contact-us'])(
    'never opens on %s; due there, it opens quietly on the next page the visitor goes to',
    async (route) => {
      renderWithProviders(<Page />, { route });
      act(() => {
        jest.advanceTimersByTime(60_000);
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('link', { name: 'Home' }));
      expect(
        await screen.findByRole('dialog', { name: 'Get exam tips from Arora Updates' }),
      ).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent(POPUP_OPENED_QUIETLY);
    },
  );

  it('open on a page, it hides on the cart and is there again, still unanswered, back on the page', async () => {
    function Pages() {
      return (
        <>
          <Link to="/cart">Cart</Link>
          <Link to="/">Home</Link>
          <Popup />
        </>
      );
    }
    renderWithProviders(<Pages />);
    dueTime();
    const popup = await screen.findByRole('dialog', { name: 'Get exam tips from Arora Updates' });
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(popup).not.toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('dialog', { name: 'Get exam tips from Arora Updates' })).toBeVisible();
    expect(window.localStorage.getItem('popupClosed')).toBeNull();
  });
});
