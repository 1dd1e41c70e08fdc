// The home remote's hero renderer on a thread of its own (serverRender.ts starts it, one per file
// version): a renderer that loops or runs out of memory is stopped with its thread, and the
// gateway's own thread, which serves every visitor, never waits on it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');
const { parentPort, workerData } = require('node:worker_threads');

const { file, lendFrom } = workerData;
// What the renderer may require: Node's own modules and jsdom, which the gateway lends it.
const lend = createRequire(lendFrom);
const loaded = { exports: {} };
vm.compileFunction(
  fs.readFileSync(file, 'utf8'),
  ['exports', 'require', 'module', '__filename', '__dirname'],
  { filename: file },
)(loaded.exports, lend, loaded, file, path.dirname(file));

const { renderHero } = loaded.exports;
if (typeof renderHero === 'function') {
  parentPort.on('message', ({ id, answer }) => {
    try {
      const html = renderHero(answer);
      parentPort.postMessage({ id, html: typeof html === 'string' ? html : undefined });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  parentPort.postMessage({ type: 'ready' });
} else {
  parentPort.postMessage({ type: 'invalid' });
}
