import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions } from './contract';

/**
 * A WordPress on 127.0.0.1 (a free port) answering with `routes`, that records every request
 * reaching it (`METHOD url`, as it arrives, before any route or body parser sees it).
 */
export async function startRecordingWordPress(routes: (server: FastifyInstance) => void) {
  const server = Fastify();
  const hits: string[] = [];
  server.addHook('onRequest', (request, _reply, done) => {
    hits.push(`${request.method} ${request.url}`);
    done();
  });
  routes(server);
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    server,
    url,
    hits,
    close: async () => {
      server.server.closeAllConnections();
      await server.close();
    },
  };
}

export type RecordingWordPress = Awaited<ReturnType<typeof startRecordingWordPress>>;

/**
 * For a describe block: a recording WordPress with `routes`, started once, and before each test
 * a gateway in front of it (so each test has its own rate-limit allowance) with nothing recorded
 * yet; the gateway is closed after its test.
 */
export function recordingWordPressPerTest(routes: (server: FastifyInstance) => void) {
  let wordpress!: RecordingWordPress;
  let gateway!: FastifyInstance;
  beforeAll(async () => {
    wordpress = await startRecordingWordPress(routes);
  });
  beforeEach(async () => {
    wordpress.hits.length = 0;
    gateway = await buildGateway(testGatewayOptions(makeAppsRoot(), wordpress.url));
  });
  afterEach(() => gateway.close());
  afterAll(() => wordpress.close());
  return {
    get wordpress() {
      return wordpress;
    },
    get gateway() {
      return gateway;
    },
  };
}
