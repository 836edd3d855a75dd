// Types of chromium-path.mjs for playwright.config.ts.
export const CHROMIUM_PATH: string;
