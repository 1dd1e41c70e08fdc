// A remote's server renderers and head readers (its dist/server/pages.js: `renderers`, and `heads`
// where it has them) in a process of their own (serverRender.ts starts it, one per file version):
// a renderer that loops or runs out of memory is killed with its
// process, and the gateway's own thread, which serves every visitor, never waits on it. The process
// holds no secret: it starts with an empty environment, under Node's permission model, reading only
// this file (serverRender.ts, rendererExecArgv); the gateway sends the renderers' text, which this
// process may not read itself.
'use strict';
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const { builtinModules } = require('node:module');

// What the permission model of Node 20 leaves open between processes of the same user: signals
// (SIGUSR1 opens the gateway's inspector, which would run code in the gateway) and priorities.
// The renderer needs neither; process.kill() calls process._kill(), the only way to a signal.
const noSignals = () => {
  throw new Error('A server renderer may not signal or reprioritize a process.');
};
Reflect.deleteProperty(process, '_kill');
process.kill = noSignals;
os.setPriority = noSignals;

// The gateway gone, this process has no one to render for.
process.on('disconnect', () => {
  process.exit(0);
});

/** The file's renderers by name, once it is loaded and valid. */
let renderers;
/** Its head readers by name: none for a file without valid `heads` (a release from before them). */
let heads;

/** An error as the gateway reports it; a permission refusal names what it refused. */
function describe(error) {
  if (!(error instanceof Error)) return String(error);
  return typeof error.resource === 'string'
    ? `${error.message} (${error.resource})`
    : error.message;
}

function load({ file, source }) {
  // What the renderer may require: Node's own modules. Its build carries everything else.
  const builtin = new Set(builtinModules);
  const nodeRequire = (id) => {
    const name = String(id);
    if (name.startsWith('node:') || builtin.has(name)) return require(name);
    const error = new Error(
      `Cannot find module '${name}': a server renderer may require Node's own modules only.`,
    );
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  };
  const loaded = { exports: {} };
  vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: file,
  })(loaded.exports, nodeRequire, loaded, file, path.dirname(file));
  return loaded.exports;
}

/**
 * The functions a file exports under one name (its renderers, its head readers): an object whose
 * every value is a function, taken by name as they are at load; undefined for anything else.
 */
function functionsOf(exported) {
  if (typeof exported !== 'object' || exported === null || Array.isArray(exported)) {
    return undefined;
  }
  const entries = Object.entries(exported);
  return entries.every(([, value]) => typeof value === 'function') ? new Map(entries) : undefined;
}

process.on('message', (message) => {
  if (message.type === 'load') {
    try {
      const exported = load(message);
      renderers = functionsOf(exported.renderers);
      heads = functionsOf(exported.heads);
    } catch (error) {
      process.send({ type: 'failed', error: describe(error) });
      return;
    }
    process.send(renderers ? { type: 'ready', heads: heads !== undefined } : { type: 'invalid' });
    return;
  }
  if (message.type === 'head') {
    const { id, reader, input } = message;
    try {
      const read = heads?.get(String(reader));
      if (!read) throw new Error(`The file has no head reader named ${String(reader)}.`);
      // Checked by the gateway, which takes nothing from this process on trust.
      process.send({ id, head: read(input) });
    } catch (error) {
      process.send({ id, error: describe(error) });
    }
    return;
  }
  const { id, renderer, input } = message;
  try {
    const render = renderers?.get(String(renderer));
    if (!render) throw new Error(`The file has no renderer named ${String(renderer)}.`);
    const drawn = render(input);
    // The markup alone (a release from before renderers told their wanted reads), or the markup
    // and the reads the page asked for that it was not handed.
    const { html, wanted } =
      typeof drawn === 'object' && drawn !== null ? drawn : { html: drawn, wanted: undefined };
    process.send({
      id,
      html: typeof html === 'string' ? html : undefined,
      wanted: Array.isArray(wanted) ? wanted.filter((url) => typeof url === 'string') : [],
    });
  } catch (error) {
    process.send({ id, error: describe(error) });
  }
});
