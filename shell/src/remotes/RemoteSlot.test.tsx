import { render, screen } from '@testing-library/react';
import { RemoteSlot, lazyRemote } from './RemoteSlot';

jest.mock('./federation', () => ({
  loadRemoteComponent: jest.fn((id: string) =>
    id === 'ok/Widget'
      ? Promise.resolve({ default: () => <p>remote content</p> })
      : id === 'crash/Widget'
        ? Promise.resolve({
            default: () => {
              throw new Error('render failure');
            },
          })
        : Promise.reject(new Error('manifest 404')),
  ),
}));

/** console.error, watched: what a failing remote reports is part of what the tests check. */
function watchErrors() {
  return jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('RemoteSlot', () => {
  it('shows the placeholder, then the remote', async () => {
    render(
      <RemoteSlot remote={lazyRemote('ok/Widget')} placeholder={<p>loading</p>} fallback={null} />,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('remote content')).toBeInTheDocument();
  });

  it('a remote that cannot load shows its fallback, and names the remote', async () => {
    const errors = watchErrors();
    render(
      <RemoteSlot
        remote={lazyRemote('down/Widget')}
        placeholder={null}
        fallback={<p>fallback</p>}
      />,
    );
    expect(await screen.findByText('fallback')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(
      'Remote "down/Widget" failed; showing its fallback.',
      new Error('manifest 404'),
    );
    errors.mockRestore();
  });

  it('a remote that throws while rendering shows its fallback, and names the remote', async () => {
    const errors = watchErrors();
    render(
      <RemoteSlot
        remote={lazyRemote('crash/Widget')}
        placeholder={null}
        fallback={<p>fallback</p>}
      />,
    );
    expect(await screen.findByText('fallback')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(
      'Remote "crash/Widget" failed; showing its fallback.',
      new Error('render failure'),
    );
    errors.mockRestore();
  });
});

describe('RemoteSlot on a page of several remotes', () => {
  it('shows a remote the moment it has loaded, while another slot is still loading', async () => {
    const { loadRemoteComponent } = jest.requireMock<{ loadRemoteComponent: jest.Mock }>(
      './federation',
    );
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    loadRemoteComponent
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            arrive = resolve;
          }),
      )
      .mockImplementationOnce(() => new Promise(() => undefined));
    render(
      <>
        <RemoteSlot
          remote={lazyRemote('cart/Page')}
          placeholder={<p>page space</p>}
          fallback={null}
        />
        <RemoteSlot
          remote={lazyRemote('footer/Footer')}
          placeholder={<p>footer space</p>}
          fallback={null}
        />
      </>,
    );
    expect(screen.getByText('page space')).toBeInTheDocument();
    arrive({ default: () => <p>cart content</p> });
    // Well before the 300 ms React holds a boundary's content back, after a fallback showed,
    // while another boundary is still loading.
    expect(await screen.findByText('cart content', {}, { timeout: 150 })).toBeInTheDocument();
    expect(screen.getByText('footer space')).toBeInTheDocument();
  });
});
