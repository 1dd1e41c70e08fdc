import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRemotesConfigSource, defaultRemotesConfig } from './remotesConfig';

const BUILDS = defaultRemotesConfig(['header', 'footer', 'home', 'cart']);

describe('remotes configuration source', () => {
  it('serves the local builds when no file is configured', () => {
    expect(createRemotesConfigSource(BUILDS, undefined, jest.fn()).get()).toEqual(BUILDS);
    expect(BUILDS.header).toBe('/remotes/header/mf-manifest.json');
  });

  it('follows the file and keeps the last good configuration when it turns corrupt', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    const file = path.join(dir, 'remotes.json');
    fs.writeFileSync(file, JSON.stringify({ header: '/remotes/header/2.0.0/mf-manifest.json' }));
    const onError = jest.fn();
    const source = createRemotesConfigSource(BUILDS, file, onError);
    expect(source.get().header).toBe('/remotes/header/2.0.0/mf-manifest.json');

    fs.writeFileSync(file, '{"header": "/remotes/head');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(source.get().header).toBe('/remotes/header/2.0.0/mf-manifest.json');
    expect(onError).toHaveBeenCalledWith(expect.stringContaining('keeping the last good one'));
  });
});
