import { PAGE_CONTRACT } from 'shared-store';
import { shellFile } from './testing/shellFile';

describe('the shell’s page template', () => {
  const template = shellFile('..', 'public', 'index.html');
  const { headSlot, consentSlot, firstPaintSlot, serverRenderSlot } = PAGE_CONTRACT.markup;

  it('ends its head with the slot the gateway fills with hints, data and configuration', () => {
    expect(template).toMatch(new RegExp(`<!--${headSlot}-->\\s*</head>`));
  });

  it('holds the whole first paint between its slots, for the app’s bare pages to leave out', () => {
    expect(template).toMatch(
      new RegExp(
        `<div id="root">\\s*<!--${firstPaintSlot}-->[\\s\\S]*<!--/${firstPaintSlot}-->\\s*</div>`,
      ),
    );
  });

  it('opens its body with the cookie question between its slots, outside the app’s root, for the gateway to hide from a visitor who answered it', () => {
    expect(template).toMatch(
      new RegExp(
        `<body>\\s*<!--${consentSlot}-->[\\s\\S]*<section class="shell-consent"[\\s\\S]*</section>\\s*<!--/${consentSlot}-->\\s*<div id="root">`,
      ),
    );
  });

  it('has the slot for a server render inside the page’s space', () => {
    expect(template).toContain(
      `<div class="shell-page-space" aria-busy="true"><!--${serverRenderSlot}--></div>`,
    );
  });
});
