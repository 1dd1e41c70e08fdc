import type * as Testing from '@testing-library/react/pure';
import type * as Logo from './BrandMark';

/**
 * The logo a page was served with is found once per page: each test loads the component (and the
 * renderer it draws with) afresh, as a new page would.
 */
async function newPage() {
  let modules!: [typeof Testing, typeof Logo];
  await jest.isolateModulesAsync(async () => {
    modules = await Promise.all([import('@testing-library/react/pure'), import('./BrandMark')]);
  });
  const [{ render, fireEvent, cleanup }, { SiteLogo }] = modules;
  unmount = cleanup;
  return { render, fireEvent, SiteLogo };
}

let unmount: () => void = () => undefined;
afterEach(() => {
  unmount();
});

/** The header's space as the gateway serves it with the site's logo (gateway/src/page/headerLogo.ts). */
function servedWithLogo(src: string): HTMLElement {
  const space = document.createElement('div');
  space.className = 'shell-header-space';
  space.innerHTML = `<img class="shell-brand" alt="" src="${src}">`;
  document.body.append(space);
  return space;
}

const LOGO = 'https://cdn.example.test/uploads/logo.svg';

describe('the header’s placeholder logo', () => {
  it('is the site’s logo the page was served with, in the mark’s box, also once that markup is gone', async () => {
    const { render, SiteLogo } = await newPage();
    const served = servedWithLogo(LOGO);
    const first = render(<SiteLogo />);
    served.remove();
    const again = render(<SiteLogo />);
    for (const { container } of [first, again]) {
      const logo = container.querySelector('img.shell-brand');
      expect(logo).toHaveAttribute('src', LOGO);
    }
  });

  it('is the bundled mark on a page served without the logo', async () => {
    const { render, SiteLogo } = await newPage();
    const { container } = render(<SiteLogo />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg.shell-brand')).toHaveTextContent('ARORA');
  });

  it('falls back to the bundled mark when the logo cannot be drawn, and keeps to it', async () => {
    const { render, fireEvent, SiteLogo } = await newPage();
    const served = servedWithLogo('https://cdn.example.test/uploads/gone.svg');
    const { container } = render(<SiteLogo />);
    served.remove();
    const logo = container.querySelector('img');
    if (!logo) throw new Error('The served logo is not drawn.');
    fireEvent.error(logo);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg.shell-brand')).toHaveTextContent('ARORA');
    const later = render(<SiteLogo />);
    expect(later.container.querySelector('img')).toBeNull();
    expect(later.container.querySelector('svg.shell-brand')).toBeInTheDocument();
  });
});
