import { acceptsPage, isPageAddress } from './pageAddresses';

describe('which Accept headers get the page', () => {
  it.each([
    ['no Accept at all (WhatsApp, a monitor)', undefined],
    ['an empty one', ''],
    ['any type (Facebook, Slack, LinkedIn, curl, fetch)', '*/*'],
    ['any text', 'text/*'],
    ['HTML', 'text/html'],
    ['a browser’s', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
    ['HTML and JSON alike, HTML named first', 'text/html, application/json'],
    ['HTML before JSON', 'text/html, application/json;q=0.9'],
    ['JSON less wanted than anything else', '*/*, application/json;q=0.5'],
    ['JSON refused', '*/*;q=0.8, application/json;q=0'],
    ['nothing that can be read', 'this is not a media range'],
    ['any case and spacing', ' TEXT/HTML ; Q=1 '],
  ])('%s', (_case, accept) => {
    expect(acceptsPage(accept)).toBe(true);
  });

  it.each([
    ['JSON alone', 'application/json'],
    ['JSON named beside any type (axios, jQuery)', 'application/json, text/plain, */*'],
    ['JSON named beside any type, any less wanted', 'application/json, */*;q=0.1'],
    ['JSON before HTML', 'application/json, text/html;q=0.5'],
    ['any application type', 'application/*'],
    ['HTML refused', 'text/html;q=0, */*'],
    ['an image only', 'image/avif,image/webp,image/*'],
    ['JSON and HTML alike, JSON named first', 'application/json, text/html'],
  ])('not for %s', (_case, accept) => {
    expect(acceptsPage(accept)).toBe(false);
  });
});

describe('which addresses a page may stand at', () => {
  it.each(['/', '/courses', '/courses/plab-1', '/cart', '/ukmla/content-map', '/locations/1'])(
    '%s is a page’s',
    (path) => {
      expect(isPageAddress(path)).toBe(true);
    },
  );

  it.each([
    ['a file', '/main.3c1f2a9b.js'],
    ['a file without a folder', '/robots.txt'],
    ['a remote’s build', '/remotes/header/remoteEntry'],
    ['a release', '/releases/header/1.0.0-abc/mf-manifest'],
    ['WordPress’s API', '/wp-json/wp/v2/anything'],
    ['the gateway’s API', '/api/shop/nothing'],
    ['the cart service', '/lms/anything'],
    ['the payment pages', '/checkout/order-pay/1'],
    ['uploads', '/wp-content/uploads/2024/02/x'],
  ])('%s is not', (_case, path) => {
    expect(isPageAddress(path)).toBe(false);
  });
});
