/**
 * What GET /service/version answers: the version from package.json, build
 * facts written by the client build (dist/client/build-info.json, and who
 * built it where in dist/client-build-origin.json, outside the served folder)
 * or read from git and the OS when running unbuilt, and with ?all=true the
 * change log, EULA and open-source acknowledgements as HTML. Computed once at
 * start. The build user and host are for signed-in callers only
 * (`withoutBuildOrigin` gives what anyone else sees).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VersionInfo } from '../../shared/api';

interface BuildFacts {
  hash: string;
  date: string;
  user: string;
  host: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small Markdown subset (headings, bullets, paragraphs) is all the change log uses. */
export function markdownToHtml(markdown: string): string {
  const html: string[] = [];
  let inList = false;
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (!bullet && inList) {
      html.push('</ul>');
      inList = false;
    }
    if (heading) html.push(`<h${heading[1]!.length}>${escapeHtml(heading[2]!)}</h${heading[1]!.length}>`);
    else if (bullet) {
      if (!inList) html.push('<ul>');
      inList = true;
      html.push(`<li>${escapeHtml(bullet[1]!)}</li>`);
    } else if (line.trim()) html.push(`<p>${escapeHtml(line)}</p>`);
  }
  if (inList) html.push('</ul>');
  return html.join('\n');
}

/**
 * The one child process not started through server/processes, on purpose: a
 * synchronous `git rev-parse` run once at start, ended before this returns,
 * so there is never anything for the registry to list or for shutdown to stop.
 */
function gitHash(repoRoot: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown'; // not a git checkout (e.g. an unpacked release); the hash is informational only
  }
}

/** Written by vite.config.ts one folder above the client (dist/), so it is never served. */
const BUILD_ORIGIN_FILE = 'client-build-origin.json';

function readJson<T>(file: string): Partial<T> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<T>;
  } catch {
    return {}; // not built (running from source) or an older build: fall back below
  }
}

function readBuildFacts(repoRoot: string, clientDir: string): BuildFacts {
  const facts = readJson<BuildFacts>(path.join(clientDir, 'build-info.json'));
  const origin = readJson<BuildFacts>(path.join(path.dirname(clientDir), BUILD_ORIGIN_FILE));
  return {
    hash: facts.hash ?? gitHash(repoRoot),
    date: facts.date ?? new Date().toISOString(),
    user: origin.user ?? facts.user ?? os.userInfo().username,
    host: origin.host ?? facts.host ?? os.hostname(),
  };
}

/** The same answer without who built the server and where, for callers not signed in. */
export function withoutBuildOrigin(info: VersionInfo): VersionInfo {
  return { ...info, buildInfo: { target: info.buildInfo.target, hash: info.buildInfo.hash } };
}

function acknowledgementsHtml(repoRoot: string, dependencies: Record<string, string>): string {
  const rows = Object.keys(dependencies)
    .sort()
    .map((name) => {
      let license = 'see package';
      let version = dependencies[name]!;
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
          license?: string;
          version?: string;
        };
        license = pkg.license ?? license;
        version = pkg.version ?? version;
      } catch {
        // Package not installed here (e.g. a trimmed deployment); list it with its range.
      }
      return `<li>${escapeHtml(name)} ${escapeHtml(version)} (${escapeHtml(license)})</li>`;
    });
  return `<p>Argus VMS is built with these open-source packages:</p>\n<ul>\n${rows.join('\n')}\n</ul>`;
}

export function loadVersionInfo(repoRoot: string, clientDir: string): { basic: VersionInfo; all: VersionInfo } {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };
  const facts = readBuildFacts(repoRoot, clientDir);
  const basic: VersionInfo = {
    version: pkg.version,
    buildInfo: { target: `${process.platform}-${process.arch}`, hash: facts.hash, user: facts.user, host: facts.host },
    buildDate: facts.date,
  };
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(repoRoot, file), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    basic,
    all: {
      ...basic,
      changelog: markdownToHtml(read('CHANGELOG.md')),
      eula: markdownToHtml(read('EULA.md')),
      acknowledgements: acknowledgementsHtml(repoRoot, pkg.dependencies),
    },
  };
}
