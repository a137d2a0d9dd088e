// usage: node shot.tmp.mjs <script.mjs>  — the script exports default async (page, shot) => {}
import { chromium } from 'playwright-core';
const [, , scriptPath] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, acceptDownloads: true });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.type(), m.text()); });
const shot = async (name) => { await page.screenshot({ path: `/tmp/ui-c/${name}.png` }); console.log('shot', name); };
const mod = await import(scriptPath);
try { await mod.default(page, shot); } catch (e) { console.log('ERROR', e.message); await shot('error'); }
await browser.close();
