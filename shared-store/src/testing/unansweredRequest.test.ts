/**
 * The network layer's promise (tooling/jest/setupTests.js): a request no test answered fails the
 * test that made it, even when the code under test turned the failure into an empty list. Shown
 * by running a fixture test file in a Jest of its own, with the browser packages' set-up.
 */

// Node's own modules, typed here as used: the browser packages compile without Node's types.
const { spawnSync } = jest.requireActual<{
  spawnSync: (
    command: string,
    args: string[],
    options: { cwd: string; encoding: 'utf8'; env: Record<string, string | undefined> },
  ) => { status: number | null; stdout: string; stderr: string };
}>('node:child_process');
const { createRequire } = jest.requireActual<{
  createRequire: (from: string) => { resolve: (id: string) => string };
}>('node:module');
const path = jest.requireActual<{
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
}>('node:path');
const nodeProcess = jest.requireActual<{
  execPath: string;
  env: Record<string, string | undefined>;
}>('node:process');
declare const __dirname: string;

export {};

interface JestReport {
  testResults: {
    assertionResults: { title: string; status: string; failureMessages: string[] }[];
  }[];
}

const packageDir = path.resolve(__dirname, '../..');

function runFixture() {
  const jestBin = createRequire(path.join(packageDir, 'package.json')).resolve('jest/bin/jest');
  const child = spawnSync(
    nodeProcess.execPath,
    [
      jestBin,
      '--config',
      path.join(packageDir, 'jest.config.js'),
      '--testMatch',
      '**/testing/fixtures/unansweredRequest.fixture.ts',
      '--coverage=false',
      '--ci',
      '--json',
    ],
    { cwd: packageDir, encoding: 'utf8', env: { ...nodeProcess.env, FORCE_COLOR: '0' } },
  );
  const report = JSON.parse(child.stdout) as JestReport;
  const results = report.testResults.flatMap((file) => file.assertionResults);
  return { status: child.status, results };
}

describe('a request no test answered', () => {
  it('fails the test that made it, naming the request, and only that test', () => {
    const { status, results } = runFixture();
    expect(status).toBe(1);
    expect(results.map(({ title, status: outcome }) => [title, outcome])).toEqual([
      [
        'a request no handler answers fails the test, though the page shows an empty list',
        'failed',
      ],
      [
        'a request in a test that set no handlers fails it, though its failure was caught',
        'failed',
      ],
      ['an answered request passes', 'passed'],
    ]);
    expect(results[0]?.failureMessages.join('\n')).toContain(
      'Requests no test answered: GET http://localhost/wp-json/wp/v2/posts/?per_page=100',
    );
    expect(results[1]?.failureMessages.join('\n')).toContain(
      'Requests no test answered: POST http://localhost/api/shop/rewards',
    );
  }, 120_000);
});
