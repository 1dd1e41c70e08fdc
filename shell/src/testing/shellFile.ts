// For the shell's tests: the text of one of the shell package's own files (its style sheet, its
// page template), read from disk.
const fs = jest.requireActual<{ readFileSync(file: string, encoding: 'utf8'): string }>('node:fs');
const path = jest.requireActual<{
  dirname(file: string): string;
  resolve(...parts: string[]): string;
}>('node:path');

/**
 * A file by its path from the folder of the test that asks, e.g. shellFile('shell.css') or
 * shellFile('..', 'public', 'index.html') from a test in shell/src.
 */
export function shellFile(...parts: string[]): string {
  const testFile = expect.getState().testPath ?? '';
  return fs.readFileSync(path.resolve(path.dirname(testFile), ...parts), 'utf8');
}
