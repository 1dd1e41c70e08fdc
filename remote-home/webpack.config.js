'use strict';
const { createAppConfig, createServerConfig } = require('tooling');
const { devPortOf } = require('tooling/pageContract');

const app = createAppConfig({
  dir: __dirname,
  name: 'home',
  port: devPortOf('home'),
  // Each page but the home page is a chunk of its own behind its exposed module (src/lazyPage.tsx).
  exposes: {
    './HomePage': './src/HomePage.tsx',
    './CourseListPage': './src/CourseListPage.tsx',
    './CoursePage': './src/CoursePage.tsx',
    './EventListPage': './src/EventListPage.tsx',
    './EventPage': './src/EventPage.tsx',
    './LocationPage': './src/LocationPage.tsx',
  },
});
// The hero rendered on the server, deployed with the remote it belongs to (docs/ARCHITECTURE.md).
const server = createServerConfig({
  dir: __dirname,
  entries: { hero: './src/server/hero.tsx' },
});

/**
 * Whether a chunk is one of the pages src/lazyPage.tsx loads on demand: opened by an import of
 * ./pages/…. Unnamed, as the federation's manifest plugin lists the files of every named chunk
 * group an exposed module's chunk is in as that module's own (the home page would hint them).
 * @param {import('webpack').Chunk} chunk
 */
const isPageChunk = (chunk) =>
  [...chunk.groupsIterable].some((group) =>
    group.origins.some(({ request }) => request.startsWith('./pages/')),
  );

/**
 * The shop's pages share one file of the code (the cards, the page frame, the reads, valibot) and
 * one of the styles they have in common, as tooling's `exposed` chunk does for the exposed modules:
 * a page loads its own chunk and that one, and the remote's build carries each module once.
 * Production builds only (tooling splits chunks only there).
 * @param {import('webpack').Configuration} config
 */
function sharePageCode(config) {
  const splitChunks = config.optimization?.splitChunks;
  if (!splitChunks) return config;
  const shared = {
    name: 'page-shared',
    chunks: isPageChunk,
    minChunks: 2,
    minSize: 0,
    enforce: true,
  };
  return {
    ...config,
    optimization: {
      ...config.optimization,
      splitChunks: {
        ...splitChunks,
        cacheGroups: {
          ...splitChunks.cacheGroups,
          pageCode: shared,
          pageStyles: { ...shared, type: 'css/mini-extract' },
        },
      },
    },
  };
}

/** @type {(env: Record<string, string>, argv: {mode?: string}) => unknown} */
module.exports = (env, argv) =>
  argv.mode === 'development' ? app(env, argv) : [sharePageCode(app(env, argv)), server(env, argv)];
