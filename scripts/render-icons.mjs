// Renders the PNG icons of the manifest from public/icons/icon.svg with Debian's Chromium.
// Run once when the icon changes: node scripts/render-icons.mjs (the PNGs are committed).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const svg = readFileSync('public/icons/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [file, size, pad] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['maskable-512.png', 512, 0.2],
]) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - pad));
  // Maskable: full-bleed background, the mark inside the 80 % safe zone.
  await page.setContent(`<html><body style="margin:0;background:#1c5d99;display:grid;place-items:center;height:${size}px">
    <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: pad === 0 });
}
await browser.close();
