#!/usr/bin/env node
// Browser check of the HTML report (npm run test:browser; not part of npm test).
// Opens a real record's page in headless Chromium from a file:// URL and checks:
// no request leaves the page, no console error, the summary counts equal the
// record's, every claim has its section; then screenshots the pool timeline
// of pool.fifth-lags (or the first chart there is).
//
//   node e2e/html.browser.js [RECORD.json] [--screenshot FILE.png]
//
// Without RECORD.json it runs `node harness/cli.js pool.fifth-lags
// pool.default-size` to make one (and its page, with the html reporter).
// Chromium: $CHROMIUM_PATH, else /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { renderHtml } from '../harness/reporters/html.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VERDICTS = ['total', 'pass', 'fail', 'inconclusive', 'skip', 'error'];

/** @param {string[]} argv @returns {Promise<number>} */
async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { screenshot: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help)
    return (void console.log('Usage: node e2e/html.browser.js [RECORD.json] [--screenshot FILE.png]'), 0);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ncs-browser-'));
  const problems = [];
  try {
    const { record, page: htmlFile } = positionals[0] ? fromFile(positionals[0], tmp) : fromRun(tmp);
    const url = pathToFileURL(htmlFile).href;
    const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: ARGS,
      viewport: { width: 1100, height: 900 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      page.on('request', (req) => {
        const u = req.url();
        if (u !== url && !u.startsWith('data:')) problems.push(`request to ${u}`);
      });
      page.on('console', (msg) => msg.type() === 'error' && problems.push(`console error: ${msg.text()}`));
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      await page.goto(url, { waitUntil: 'load' });

      const summary = record.summary;
      for (const v of VERDICTS) {
        const shown = (await page.locator(`#summary [data-count="${v}"]`).textContent())?.trim();
        if (shown !== String(summary[v])) problems.push(`summary shows ${shown} ${v}, the record has ${summary[v]}`);
      }
      for (const r of record.results) {
        const section = page.locator(`section.claim[id="${r.id}"]`);
        if ((await section.count()) !== 1) problems.push(`no section for ${r.id}`);
        else if ((await section.getAttribute('data-verdict')) !== r.verdict)
          problems.push(
            `${r.id}: section shows ${await section.getAttribute('data-verdict')}, the record has ${r.verdict}`,
          );
        if ((await page.locator(`#summary a[href="#${r.id}"]`).count()) !== 1)
          problems.push(`no summary link to ${r.id}`);
      }
      if ((await page.locator('script').count()) > 0) problems.push('the page has a script');

      const shot = path.resolve(values.screenshot ?? path.join(ROOT, 'e2e', 'out', 'fifth-lags.png'));
      mkdirSync(path.dirname(shot), { recursive: true });
      const target = await firstChart(page);
      if (!target) problems.push('no chart to screenshot');
      else {
        await target.locator.screenshot({ path: shot });
        console.log(`screenshot of ${target.what}: ${shot}`);
      }
    } finally {
      await context.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  for (const p of problems) console.error(`html.browser: ${p}`);
  console.log(
    problems.length
      ? `html.browser: ${problems.length} problem(s)`
      : 'html.browser: ok (no requests, no console errors, counts and sections match the record)',
  );
  return problems.length ? 1 : 0;
}

/** The pool timeline of pool.fifth-lags, else the first figure. @param {import('playwright-core').Page} page */
async function firstChart(page) {
  const gantt = page.locator('section.claim[id="pool.fifth-lags"] figure').first();
  if (await gantt.count()) return { locator: gantt, what: 'the pool.fifth-lags evidence (per-thread CPU timeline)' };
  const any = page.locator('section.claim figure').first();
  return (await any.count()) ? { locator: any, what: 'the first chart of the page' } : null;
}

/** A record given on the command line, rendered here. @param {string} file @param {string} tmp */
function fromFile(file, tmp) {
  const record = JSON.parse(readFileSync(file, 'utf8'));
  const page = path.join(tmp, 'report.html');
  writeFileSync(page, renderHtml(record));
  return { record, page };
}

/** A fresh record and page from a small run of the CLI. @param {string} tmp */
function fromRun(tmp) {
  const json = path.join(tmp, 'record.json');
  const page = path.join(tmp, 'report.html');
  console.log('html.browser: running pool.fifth-lags and pool.default-size to make a record');
  const r = spawnSync(
    process.execPath,
    [
      'harness/cli.js',
      'pool.fifth-lags',
      'pool.default-size',
      '--json',
      json,
      '--reporter',
      `html=${page}`,
      '--reporter',
      'spec',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (r.status === 2 || r.status === null) throw new Error(`the suite run failed (exit ${r.status})`);
  return { record: JSON.parse(readFileSync(json, 'utf8')), page };
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err) => {
    console.error(`html.browser: ${err?.message ?? err}`);
    process.exitCode = 1;
  },
);
