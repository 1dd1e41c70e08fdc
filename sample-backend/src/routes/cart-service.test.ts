import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sign } from 'jsonwebtoken';
import { buildSampleBackend } from '../index';
import { json, learnerToken, makeStateDir, removeDir } from '../test-support/backend';

const JWT_SECRET = 'cart-test-secret';
const CART = JSON.stringify([
  { id: 2103, slug: 'plab-1-online-course', month: '3 Months', quantity: 1, price: '119.99' },
]);

let stateDir: string;
let app: FastifyInstance;
let token: string;

beforeEach(async () => {
  stateDir = await makeStateDir();
  app = await buildSampleBackend({ stateDir, jwtSecret: JWT_SECRET });
  token = await learnerToken(app);
});
afterEach(async () => {
  await app.close();
  await removeDir(stateDir);
});

function call(
  instance: FastifyInstance,
  action: string,
  payload: Record<string, unknown>,
  bearer?: string,
) {
  return instance.inject({
    method: 'POST',
    url: `/lms/api/v1/item/${action}`,
    payload,
    headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
  });
}

describe('cart service', () => {
  it('saves, reads and deletes the learner cart', async () => {
    expect(json(await call(app, 'get-cart-data', { userId: 3 }, token))).toEqual({
      userId: 3,
      data: null,
    });
    const saved = await call(app, 'add-cart-data', { userId: 3, data: CART }, token);
    expect(saved.statusCode).toBe(200);
    expect(json(await call(app, 'get-cart-data', { userId: '3' }, token))).toEqual({
      userId: 3,
      data: CART,
    });
    expect(json(await call(app, 'delete-cart-data', { userId: 3 }, token))).toEqual({
      success: true,
    });
    expect(json(await call(app, 'get-cart-data', { userId: 3 }, token))).toEqual({
      userId: 3,
      data: null,
    });
  });

  it('keeps carts across a restart with the same state folder, in one JSON file and no temp files', async () => {
    await call(app, 'add-cart-data', { userId: 3, data: CART }, token);
    await app.close();
    app = await buildSampleBackend({ stateDir, jwtSecret: JWT_SECRET });
    expect(json(await call(app, 'get-cart-data', { userId: 3 }, token))).toEqual({
      userId: 3,
      data: CART,
    });
    expect(await readdir(stateDir)).toEqual(['carts.json']);
    expect(JSON.parse(await readFile(path.join(stateDir, 'carts.json'), 'utf8'))).toEqual({
      '3': CART,
    });
  });

  it('needs a valid Bearer token (401) of the cart owner (403)', async () => {
    const missing = await call(app, 'get-cart-data', { userId: 3 });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toBe('application/json; charset=UTF-8');
    const forged = sign({ data: { user: { id: '3' } } }, 'not-the-secret');
    expect((await call(app, 'get-cart-data', { userId: 3 }, forged)).statusCode).toBe(401);
    const expired = sign({ data: { user: { id: '3' } }, exp: 1 }, JWT_SECRET);
    expect((await call(app, 'add-cart-data', { userId: 3, data: CART }, expired)).statusCode).toBe(
      401,
    );
    const otherUser = await call(app, 'add-cart-data', { userId: 4, data: CART }, token);
    expect(otherUser.statusCode).toBe(403);
    expect(json(otherUser)).toEqual({
      code: 'forbidden',
      message: 'You can only access your own cart.',
      data: { status: 403 },
    });
  });

  it.each([
    [{ userId: 3 }],
    [{ userId: 3, data: 'not json' }],
    [{ userId: 3, data: '{"id":1}' }],
    [{ userId: 3, data: [{ id: 1 }] }],
  ])('refuses cart data that is not JSON text of an array: %j', async (payload) => {
    const response = await call(app, 'add-cart-data', payload, token);
    expect(response.statusCode).toBe(400);
    expect((json(response) as { code: string }).code).toBe('invalid_cart_data');
  });

  it('refuses a missing userId', async () => {
    const response = await call(app, 'get-cart-data', {}, token);
    expect(response.statusCode).toBe(400);
  });

  it('starts empty, without crashing, when the carts file is corrupt, and keeps the bad file aside', async () => {
    await app.close();
    await writeFile(path.join(stateDir, 'carts.json'), '{"3": 42');
    app = await buildSampleBackend({ stateDir, jwtSecret: JWT_SECRET });
    expect(json(await call(app, 'get-cart-data', { userId: 3 }, token))).toEqual({
      userId: 3,
      data: null,
    });
    expect((await readdir(stateDir)).some((name) => name.startsWith('carts.json.corrupt-'))).toBe(
      true,
    );
    expect((await call(app, 'add-cart-data', { userId: 3, data: CART }, token)).statusCode).toBe(
      200,
    );
  });

  it('answers unknown cart paths with a JSON 404', async () => {
    const response = await call(app, 'list-everything', { userId: 3 }, token);
    expect(response.statusCode).toBe(404);
    expect((json(response) as { code: string }).code).toBe('not_found');
  });
});
