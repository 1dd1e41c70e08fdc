// Read by the gateway and the build scripts under Node, never by the page.
/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parsePageContract, type PageContract } from './contractReader';

/** The file the shell's build writes the page contract to, beside its index.html. */
export const PAGE_CONTRACT_FILE = 'page-contract.json';

/**
 * The page contract of the shell's build in `shellDir`, read once at start: a missing or
 * malformed one stops the start, saying what is wrong.
 */
export async function readPageContract(shellDir: string): Promise<PageContract> {
  const file = path.join(shellDir, PAGE_CONTRACT_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`The shell's build has no page contract (${file}): run "npm run build" first.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The page contract ${file} is unusable: not JSON.`);
  }
  return parsePageContract(json, file);
}
