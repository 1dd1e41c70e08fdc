import path from 'node:path';
import { Writable } from 'node:stream';
import { buildGateway } from '../app';
import { makeAppsRoot } from '../test-support/contract';
import { readConfig, settingsOf, type GatewaySettings } from './environment';

/**
 * Settings the environment derives from where the gateway runs (its apps, their releases, its
 * address, the WordPress site's): a test's gateway is given its own.
 */
const WHERE_IT_RUNS: (keyof GatewaySettings)[] = [
  'appsRoot',
  'deployDir',
  'remotesConfigFile',
  'publicUrl',
  'wordpressPublicUrl',
];

describe('the configuration every part reads', () => {
  it("every setting's default is declared once: the environment's defaults are the gateway's", async () => {
    const fromEnvironment = settingsOf(readConfig({}));
    const appsRoot = makeAppsRoot();
    // Only what a gateway cannot go without: no setting at all.
    const gateway = await buildGateway({
      appsRoot,
      deployDir: path.join(appsRoot, 'deploy'),
      publicUrl: 'https://shop.example.test',
      upstreams: { wordpress: 'http://127.0.0.1:9', lms: 'http://127.0.0.1:9' },
      wooCommerce: { key: 'ck_server', secret: 'cs_server' },
      portalUrl: 'https://portal.example.test',
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    try {
      const settings = Object.keys(fromEnvironment).filter(
        (name) => !WHERE_IT_RUNS.includes(name as keyof GatewaySettings),
      ) as (keyof GatewaySettings)[];
      expect(settings.length).toBeGreaterThan(10);
      const used = Object.fromEntries(settings.map((name) => [name, gateway.config[name]]));
      const defaults = Object.fromEntries(settings.map((name) => [name, fromEnvironment[name]]));
      expect(used).toEqual(defaults);
    } finally {
      await gateway.close();
    }
  });
});
