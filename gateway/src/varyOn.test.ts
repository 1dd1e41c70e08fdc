import Fastify from 'fastify';
import { varyOn } from './varyOn';

describe('an answer’s Vary', () => {
  it('names every request header the answer differs by, each once, whoever adds it', async () => {
    const app = Fastify();
    app.get('/', (_request, reply) => {
      varyOn(reply, 'Accept');
      varyOn(reply, 'Cookie');
      varyOn(reply, 'accept');
      varyOn(reply, 'Origin');
      return 'page';
    });
    const response = await app.inject('/');
    expect(response.headers.vary).toBe('Accept, Cookie, Origin');
    await app.close();
  });
});
