import { screen } from '@testing-library/react';
import type { Partner } from '../data/shapes';
import { renderWithProviders } from 'shared-store/testing';
import { PartnersSection } from './PartnersSection';

const partner = (id: number, name: string, url: string): Partner => ({
  id,
  name,
  url,
  logo: { url: `/${name}.svg`, alt: '' },
});

describe('the partners', () => {
  it('link to a partner’s own site only; a missing, empty or script URL shows the logo alone', () => {
    renderWithProviders(
      <PartnersSection
        partners={[
          partner(1, 'NHS', 'https://www.nhs.test/'),
          partner(2, 'BMA', ''),
          partner(3, 'GMC', 'javascript:alert(1)'),
          { ...partner(4, 'RCGP', ''), url: undefined as unknown as string },
          partner(5, 'Academy', '/about-us'),
        ]}
      />,
    );
    const link = screen.getByRole('link', { name: 'NHS' });
    expect(link).toHaveAttribute('href', 'https://www.nhs.test/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    // Each logo is named after its partner when it has no alternative text of its own.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'NHS',
      'BMA',
      'GMC',
      'RCGP',
      'Academy',
    ]);
  });
});
