import { chromium, type Browser } from 'playwright-core';

/** The flags these machines need: no sandbox as root, no GPU, and no calls to the network. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Launches Debian's Chromium (CHROMIUM_PATH overrides where it is). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
  });
}
