import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hashTarget } from './hashTarget';
import { useScrollToHash } from './useScrollToHash';

describe('the target an address’s hash names', () => {
  it('is the decoded id, none for an empty hash', () => {
    expect(hashTarget('#courses-section')).toBe('courses-section');
    expect(hashTarget('#caf%C3%A9')).toBe('café');
    expect(hashTarget('')).toBe('');
  });

  it('is none for a malformed escape, which never throws', () => {
    expect(hashTarget('#%E0')).toBe('');
    expect(hashTarget('#%')).toBe('');
  });

  it('an address with a malformed hash still opens its page', () => {
    function Page() {
      useScrollToHash();
      return <h1>Courses</h1>;
    }
    render(
      <MemoryRouter initialEntries={['/courses#%E0']}>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Courses' })).toBeInTheDocument();
  });
});
