import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_TITLE, useDocumentTitle } from './useDocumentTitle';
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
