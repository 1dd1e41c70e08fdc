import { act, screen } from '@testing-library/react';
import { useAppSelector } from '../store/hooks';
import { mountApp } from './mountApp';

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
