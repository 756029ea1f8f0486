/**
 * @module runtime/testing/chromium — Debian's Chromium driven by playwright-core, as the browser
 * tests of the server, the studio and the widgets and the editor bench launch it.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from '../../paths.ts';

/** No sandbox (tests run as root in containers), no GPU, and nothing that calls home. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...extraArgs, ...chromiumArgs] });
}
