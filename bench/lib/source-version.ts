/**
 * Which code a result was measured with: the short commit of HEAD, marked
 * `+changes` when bench/ has uncommitted edits (bench/baseline.json aside:
 * it is data, and a refresh leaves it changed until it is committed). Written into every results
 * file so a baseline is only ever made from, or compared with, figures of
 * known code. Cost: two `git` calls per results file.
 *
 * Limits: edits outside bench/ (the product code measured) do not mark the
 * commit; 'unknown' when git or the repository is missing.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export function sourceVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--', 'bench', ':!bench/baseline.json') === '' ? commit : `${commit}+changes`;
  } catch {
    return 'unknown'; // not a git checkout, or git missing: the figures still count, their source is just not named
  }
}
