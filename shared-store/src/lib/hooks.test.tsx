import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_TITLE, useDocumentTitle } from './useDocumentTitle';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';
import { useMounted } from './useMounted';

function Titled(props: { title?: string; description?: string; exact?: boolean }) {
  useDocumentTitle(props.title, props.description, { exact: props.exact });
  return null;
}

describe('the page’s title and description', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('name the page and the site, with its description; a page that names none keeps the description it has (the one its page was served with)', () => {
    const { rerender } = render(<Titled title="Your cart" description="Ready for checkout." />);
    expect(document.title).toBe('Your cart | Arora Medical Education');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Ready for checkout.',
    );
    rerender(<Titled />);
    expect(document.title).toBe(DEFAULT_TITLE);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Ready for checkout.',
    );
  });

  it('an exact title is taken as given', () => {
    render(<Titled title="PLAB 1 | Arora" exact />);
    expect(document.title).toBe('PLAB 1 | Arora');
  });
});

describe('a media query', () => {
  function Layout() {
    return <p>{useMediaQuery(MOBILE_QUERY) ? 'phone' : 'wide'}</p>;
  }

  it('is read now, and again when it changes; listening stops with the component', () => {
    const listeners = new Set<() => void>();
    let matches = false;
    window.matchMedia = (media: string) =>
      ({
        media,
        get matches() {
          return matches;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList;
    const { unmount } = render(<Layout />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => {
      matches = true;
      for (const listener of listeners) listener();
    });
    expect(screen.getByText('phone')).toBeInTheDocument();
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('does not match where the browser cannot tell', () => {
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
    render(<Layout />);
    expect(screen.getByText('wide')).toBeInTheDocument();
  });
});

describe('mounted on the client', () => {
  function Mounted() {
    return <p>{useMounted() ? 'client' : 'server'}</p>;
  }

  it('is false on the server, true once on the client', () => {
    expect(renderToString(<Mounted />)).toContain('server');
    render(<Mounted />);
    expect(screen.getByText('client')).toBeInTheDocument();
  });
});
