import { dashboardUrl, readPublicConfig } from './publicConfig';

/** A page carrying `text` as its storefront configuration. */
function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'storefront-config';
  script.textContent = text;
  doc.body.append(script);
  return doc;
}

describe('readPublicConfig: the settings the gateway hands the page', () => {
  it('reads the portal, the WordPress site’s origin and the Tag Manager container', () => {
    expect(
      readPublicConfig(
        pageWith(
          JSON.stringify({
            portalUrl: 'https://portal.example.com',
            wordpressUrl: 'https://www.example.com/wp/',
            tagManager: 'GTM-AB12CD',
          }),
        ),
      ),
    ).toEqual({
      portalUrl: 'https://portal.example.com',
      wordpressUrl: 'https://www.example.com',
      tagManager: 'GTM-AB12CD',
    });
  });

  it.each([
    ['no configuration', document.implementation.createHTMLDocument('')],
    ['malformed JSON', pageWith('{oops')],
    ['null', pageWith('null')],
    ['a list', pageWith('[1]')],
    [
      'fields of the wrong type',
      pageWith('{"portalUrl": 3, "wordpressUrl": ["x"], "tagManager": true}'),
    ],
    ['a container that is not one', pageWith('{"tagManager": "GTM-1\\"><script>"}')],
    [
      'an empty portal and a script URL',
      pageWith('{"portalUrl": "", "wordpressUrl": "javascript:alert(1)"}'),
    ],
  ])('%s reads as the defaults', (_, doc) => {
    expect(readPublicConfig(doc)).toEqual({
      portalUrl: '/portal',
      wordpressUrl: '',
      tagManager: '',
    });
  });
});

describe('dashboardUrl', () => {
  it('names the token in the path, and the app when in it', () => {
    expect(dashboardUrl('https://portal.example.com/', 'a b', false)).toBe(
      'https://portal.example.com/course/a%20b',
    );
    expect(dashboardUrl('/portal', 't', true)).toBe('/portal/course/t?isMobileApp=true');
  });
});
