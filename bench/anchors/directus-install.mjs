// Directus for `npm run bench:anchors`, installed on demand from the npm registry into a cache
// folder outside the repository (~/.cache/specrun-bench/directus-<version>, or under
// $XDG_CACHE_HOME), and reused by later runs. Nothing of it is part of the project.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The version the anchors run measures (issue 24). */
export const DIRECTUS_VERSION = '11.3.5';

/** The cache folder of this version. */
export function directusFolder() {
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return join(cache, 'specrun-bench', `directus-${DIRECTUS_VERSION}`);
}

const installed = (dir) => {
  const manifest = join(dir, 'node_modules', 'directus', 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version;
};

/**
 * Native modules that ship no build for this platform are compiled (g++, python3); node-gyp
 * takes Node's headers from beside the running node when they are there (a Linux package puts
 * them in /usr/include/node), rather than downloading them.
 */
function installEnv() {
  const prefix = dirname(dirname(process.execPath));
  const headers = join(prefix, 'include', 'node', 'node.h');
  return existsSync(headers) ? { ...process.env, npm_config_nodedir: prefix } : process.env;
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Installs Directus unless this version is there; answers the path of its command. */
export async function ensureDirectus(log) {
  const dir = directusFolder();
  if (installed(dir) !== DIRECTUS_VERSION) {
    log(`Installing directus@${DIRECTUS_VERSION} into ${dir} (once; native modules may compile)`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'specrun-bench-directus', private: true }, null, 2),
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    await run(npm, ['install', `directus@${DIRECTUS_VERSION}`, '--no-audit', '--no-fund'], {
      cwd: dir,
      env: installEnv(),
    });
    if (installed(dir) !== DIRECTUS_VERSION)
      throw new Error(`npm did not install directus@${DIRECTUS_VERSION} into ${dir}`);
  }
  return join(dir, 'node_modules', 'directus', 'cli.js');
}
