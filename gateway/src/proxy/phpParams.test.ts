import { knowsNoOrders, recordingWordPressPerTest } from '../test-support/recordingWordPress';
import { phpParamsText, readPhpParams, type ReadingRules } from './phpParams';

const QUERY: ReadingRules = { allowed: ['s', 'page'], unlisted: 'drop', noun: 'parameter' };
const FORM: ReadingRules = { allowed: ['payment_method'], unlisted: 'refuse', noun: 'field' };

/** Every spelling PHP reads as `rest_route` (php_register_variable_ex), and other cases of it. */
const REST_ROUTE_SPELLINGS = [
  'rest_route',
  'rest[route',
  'rest.route',
  'rest+route',
  'rest%20route',
  'rest%2Eroute',
  'rest%5Broute',
  'rest%5Froute',
  '%72est_route',
  'rest_route%00',
  'rest_route%00x',
  '%20rest_route',
  '+rest_route',
  'rest_route[]',
  'rest_route%5B%5D',
  'rest_route[x]',
  'REST_ROUTE',
  'Rest_Route',
];

describe('reading a query or form as PHP would', () => {
  it.each(REST_ROUTE_SPELLINGS)('refuses %s, and names it without its value', (name) => {
    const reading = readPhpParams(`s=a&${name}=/wp/v2/users`, QUERY);
    expect(reading).toEqual({ refusal: expect.stringContaining(JSON.stringify(name)) as string });
    expect(JSON.stringify(reading)).not.toContain('/wp/v2/users');
  });

  it.each([
    ['_method', '_method=DELETE'],
    ['_method with a NUL', '_method%00=DELETE'],
    ['_jsonp', '_jsonp=steal'],
    ['_jsonp with a NUL', '_jsonp%00=steal'],
    ['_envelope', '_envelope=1'],
    ['_envelope in capitals', '_ENVELOPE=1'],
  ])('refuses %s', (_what, query) => {
    expect(readPhpParams(query, QUERY)).toEqual({ refusal: expect.any(String) as string });
  });

  it.each([
    ['a dot', 's.x=1'],
    ['a space', 's x=1'],
    ['a plus', 's+x=1'],
    ['a percent-encoded letter', '%73=1'],
    ['a closed bracket', 's[]=1'],
    ['an unclosed bracket', 's[=1'],
    ['a leading space', '%20s=1'],
    ['a character outside ASCII', 'sé=1'],
    ['an encoded character outside ASCII', 's%C3%A9=1'],
    ['a NUL', 's%00=1'],
  ])('refuses a name with %s, which PHP would read as another', (_what, query) => {
    expect(readPhpParams(query, QUERY)).toEqual({ refusal: expect.any(String) as string });
  });

  it('keeps the names a route lists, each value decoded as PHP decodes it, in order of name', () => {
    expect(readPhpParams('s=caf%C3%A9+au+lait&junk=1&page=2&utm_source=x', QUERY)).toEqual({
      pairs: [
        ['page', '2'],
        ['s', 'café au lait'],
      ],
    });
    expect(readPhpParams('s&&page=', QUERY)).toEqual({
      pairs: [
        ['page', ''],
        ['s', ''],
      ],
    });
  });

  it('refuses a listed name given twice: PHP would keep one value of it', () => {
    expect(readPhpParams('s=a&s=b', QUERY)).toEqual({
      refusal: 'The parameter "s" is given more than once.',
    });
  });

  it('refuses a value that is not percent-encoded UTF-8, without showing it', () => {
    for (const value of ['%zz', '%C3', '%FF', 'caf\u00e9', 'a%']) {
      const reading = readPhpParams(`s=secret${value}`, QUERY);
      expect(reading).toEqual({
        refusal: 'The parameter "s" has a value that is not percent-encoded UTF-8.',
      });
    }
  });

  it('refuses a form field the route does not take, by its name', () => {
    expect(readPhpParams('payment_method=card&wc-api=WC_Gateway', FORM)).toEqual({
      refusal: 'The field "wc-api" is not accepted here.',
    });
  });

  it('writes what it kept out again as PHP reads it back', () => {
    const reading = readPhpParams('s=a%26b%3Dc+d%2Be%00f%25', QUERY);
    expect(reading).toEqual({ pairs: [['s', 'a&b=c d+e\0f%']] });
    if ('pairs' in reading) expect(phpParamsText(reading.pairs)).toBe('s=a%26b%3Dc+d%2Be%00f%25');
  });
});

describe('queries through the gateway', () => {
  const site = recordingWordPressPerTest((server) => {
    knowsNoOrders(server);
    server.all('/*', (request) => ({ url: request.url }));
  });

  it.each(['/checkout/order-pay/52003/', '/wp-content/uploads/x.png', '/wp-json/wp/v2/footer'])(
    'refuses rest_route in every spelling PHP reads on %s, before WordPress',
    async (path) => {
      for (const name of REST_ROUTE_SPELLINGS) {
        const answer = await site.gateway.inject(`${path}?${name}=/wp/v2/users`);
        expect({ name, status: answer.statusCode }).toEqual({ name, status: 400 });
        expect(answer.body).not.toContain('/wp/v2/users');
      }
      expect(site.wordpress.hits).toEqual([]);
    },
  );

  it('refuses a steering name in any spelling on pages no PHP answers too', async () => {
    for (const url of ['/?rest[route=/wp/v2/users', '/cart?_method%00=DELETE']) {
      expect((await site.gateway.inject(url)).statusCode).toBe(400);
    }
  });

  it('asks the payment page with its order and key only, written out again', async () => {
    const answer = await site.gateway.inject(
      '/checkout/order-pay/52003/?utm_source=mail&key=wc_order_x&pay_for_order=true&fbclid=1',
    );
    expect(answer.statusCode).toBe(200);
    expect(site.wordpress.hits.filter((hit) => hit.startsWith('GET /checkout/'))).toEqual([
      'GET /checkout/order-pay/52003/?key=wc_order_x&pay_for_order=true',
    ]);
  });
});
