'use strict';
const { createAppConfig, createServerConfig } = require('tooling');
const { devPortOf } = require('tooling/pageContract');

const app = createAppConfig({
  dir: __dirname,
  name: 'home',
  port: devPortOf('home'),
  exposes: { './HomePage': './src/HomePage.tsx' },
  // The shop's pages: one file of their own, loaded when one is shown (tooling's `pages`).
  pages: {
    './CourseListPage': './src/pages/CourseListPage.tsx',
    './CoursePage': './src/pages/CoursePage.tsx',
    './EventListPage': './src/pages/EventListPage.tsx',
    './EventPage': './src/pages/EventPage.tsx',
    './LocationPage': './src/pages/LocationPage.tsx',
    './MembershipsPage': './src/pages/MembershipsPage.tsx',
  },
});
// The first screens of its routes rendered on the server (`renderers`, named by the page
// contract's `serverRender`), deployed with the remote they belong to (docs/ARCHITECTURE.md).
const server = createServerConfig({
  dir: __dirname,
  entries: { pages: './src/server/pages.tsx' },
});

/** @type {(env: Record<string, string>, argv: {mode?: string}) => unknown} */
module.exports = (env, argv) =>
  argv.mode === 'development' ? app(env, argv) : [app(env, argv), server(env, argv)];
