#!/usr/bin/env node
/**
 * The end-to-end tests drive Debian's Chromium with a CJK font (Chinese must not render as boxes).
 * Installs both with apt-get when missing and running as root; otherwise fails naming the one command.
 * CHROMIUM_PATH names another Chromium to use instead (it must exist; the font is still needed).
 * Never downloads a browser of a test tool's own.
 */
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FONT_PACKAGE = 'fonts-wqy-microhei';
const INSTALL = `apt-get update && apt-get install -y chromium ${FONT_PACKAGE}`;

function hasFont() {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', FONT_PACKAGE], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

if (process.env.CHROMIUM_PATH && !fs.existsSync(CHROMIUM)) {
  console.error(`\nCHROMIUM_PATH names ${CHROMIUM}, which does not exist. Point it at a Chromium binary, or unset it to use Debian's.\n`);
  process.exit(1);
}
const missing = [];
if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
if (!hasFont()) missing.push(FONT_PACKAGE);

if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`\nThe end-to-end tests need ${missing.join(' and ')}. Install with:\n\n  sudo sh -c '${INSTALL}'\n`);
  process.exit(1);
}
console.log(`Installing ${missing.join(' and ')} for the end-to-end tests (apt-get)...`);
try {
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium ${FONT_PACKAGE}`, { stdio: 'inherit' });
} catch {
  console.error(`\nInstalling failed. Run this yourself and try again:\n\n  ${INSTALL}\n`);
  process.exit(1);
}
