import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ShopError } from './errors';
import { wcOrder } from './schemas';
import { createWooCommerce } from './wooCommerce';

/** A WooCommerce answering every call with `answer`. */
async function answering(answer: unknown) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${String(port)}`, close: () => server.close() };
}

describe('WooCommerce’s answers', () => {
  it('an answer in an unexpected shape is a 502, logged by what is wrong with it and never by what it holds', async () => {
    const shop = await answering({
      id: 7,
      status: 'pending',
      currency: 'GBP',
      total: '10.00',
      customer_id: 3,
      billing: ['someone@example.com'],
      line_items: 'someone else',
    });
    const logged: [string, unknown][] = [];
    const wc = createWooCommerce({
      baseUrl: shop.url,
      credentials: { key: 'ck_key', secret: 'cs_secret' },
      timeoutMs: 5_000,
      publicUrl: new URL('https://shop.example.test'),
      log: (message, error) => logged.push([message, error]),
    });
    try {
      const read = wc.get('wc/v3/orders/7', wcOrder);
      await expect(read).rejects.toBeInstanceOf(ShopError);
      await expect(read).rejects.toMatchObject({ status: 502, code: 'upstream_invalid_response' });
    } finally {
      shop.close();
    }
    expect(logged).toHaveLength(1);
    const [message, error] = logged[0] ?? [];
    expect(message).toBe('WooCommerce answered GET wc/v3/orders/7 in an unexpected shape');
    expect(String(error)).toBe(
      'Error: billing: Invalid input: expected object, received array; line_items: Invalid input: expected array, received string',
    );
  });
});
