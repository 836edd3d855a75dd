// Where the end-to-end tests find Chromium: Debian's headless shell, or CHROMIUM_PATH. One place for
// scripts/ensure-chromium.mjs (which installs it) and playwright.config.ts (which launches it).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
