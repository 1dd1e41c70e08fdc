import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { SESSION_LIFETIME_MS } from '../constants';
import { mockFetch, renderWithProviders } from '../testing';
import { safeStorage } from './storage';
import { useSession } from './useSession';

function ExpiryProbe() {
  const session = useSession();
  const location = useLocation();
  return (
    <>
      <p>at {location.pathname}</p>
      <button type="button" onClick={() => void session.checkExpiry()}>
        check
      </button>
    </>
  );
}

describe('useSession', () => {
  it('an expired session sends the visitor to /login through the router, its token revoked', async () => {
    const revoked: (string | null)[] = [];
    mockFetch({
      '/api/session/logout': (request) => {
        revoked.push(request.init.headers.get('authorization'));
        return { status: 204, body: undefined };
      },
    });
    safeStorage.setItem('token', 'jwt');
    safeStorage.setItem('loginTimestamp', String(Date.now() - SESSION_LIFETIME_MS - 1000));
    const { user } = renderWithProviders(<ExpiryProbe />, { route: '/cart' });
    expect(screen.getByText('at /cart')).toBeInTheDocument();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'check' }));
    });
    expect(screen.getByText('at /login')).toBeInTheDocument();
    expect(safeStorage.getItem('token')).toBeNull();
    expect(revoked).toEqual(['Bearer jwt']);
  });
});
