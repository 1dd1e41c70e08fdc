import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parsePageContract } from './contractReader';
import { PAGE_CONTRACT_FILE, readPageContract } from './contractFile';
import contractJson from './page-contract.json';

const STOREFRONT_CONTRACT_TEXT = JSON.stringify(contractJson);

function shellDirWith(text: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  if (text !== undefined) fs.writeFileSync(path.join(dir, PAGE_CONTRACT_FILE), text);
  return dir;
}

describe('the page contract the gateway reads from the shell’s build', () => {
  it('is read as the shell emitted it', async () => {
    await expect(readPageContract(shellDirWith(STOREFRONT_CONTRACT_TEXT))).resolves.toEqual(
      parsePageContract(contractJson, 'page-contract.json'),
    );
  });

  it('stops the start with a clear message when the build has none, or an unusable one', async () => {
    await expect(readPageContract(shellDirWith(undefined))).rejects.toThrow(
      /has no page contract .*run "npm run build" first/,
    );
    await expect(readPageContract(shellDirWith('{"remotes": ['))).rejects.toThrow(
      /unusable: not JSON/,
    );
    await expect(readPageContract(shellDirWith('{}'))).rejects.toThrow(/unusable: remotes: /);
  });
});
