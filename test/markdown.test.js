// The Markdown summary: a golden file for the synthetic record, and the
// escaping that keeps arbitrary strings inside their table cell.
import { describe, it } from 'node:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'expect';
import { renderMarkdown, mdText, mdCode, environmentLine } from '../harness/reporters/markdown.js';
import { EXPORTERS } from '../harness/reporters/index.js';
import { SOURCE_004 } from '../harness/kits/cluster.js';

const goldenFile = new URL('./golden/record.md', import.meta.url);
const record = JSON.parse(readFileSync(new URL('./golden/record.json', import.meta.url), 'utf8'));

describe('renderMarkdown', () => {
  const md = renderMarkdown(record);

  it('matches the golden file (UPDATE_GOLDEN=1 regenerates it)', () => {
    if (process.env.UPDATE_GOLDEN) writeFileSync(goldenFile, md);
    expect(md).toBe(readFileSync(goldenFile, 'utf8'));
  });

  it('has the environment, the counts, a row per claim and details of the notable ones', () => {
    expect(md).toContain('7 claims: 3 pass, 1 fail, 1 inconclusive, 1 skip, 1 error');
    expect(md).toContain(
      'linux x64 6.8.0-45-generic · Node v20.20.2 (libuv 1.46.0) · C=4 · effective parallelism 3.86 · pbkdf2 task 98 ms · --cpus 4 (CPU 0,1,2,3)',
    );
    const rows = md.split('\n').filter((l) => /^\| (✅|❌|❔|⏭️|💥) /.test(l));
    expect(rows).toHaveLength(record.results.length);
    expect(rows[2]).toContain('✅ refuted as expected | `pool.per-core`');
    const details = md.slice(md.indexOf('### Failed'));
    expect(details.match(/^#### /gm)).toHaveLength(3);
    expect(details).toContain('#### ❌ fail: `worker.spawn-cheap`');
    expect(details).toContain('- **Timing:** startupMs: median 24.1 \\[22.7, 26\\]');
    expect(details).not.toContain('pool.default-size');
  });

  it('keeps arbitrary text inside its cell', () => {
    const rec = structuredClone(record);
    Object.assign(rec.results[0], { id: 'a`b', reason: 'x | y\nz <script> \x1b[31mred\x1b[39m *bold*' });
    const line = renderMarkdown(rec)
      .split('\n')
      .find((l) => l.includes('a`b'));
    expect(line).toBe('| ✅ pass | ``a`b`` | x \\| y z &lt;script&gt; red \\*bold\\* |');
  });

  it('lists the structural checks of a notable claim', () => {
    const rec = structuredClone(record);
    rec.results[3].evidence.structural = {
      decided: 'fail',
      agree: 1,
      disagree: 2,
      voided: 1,
      details: ['3 threads, expected 4', 'ok'],
    };
    const md2 = renderMarkdown(rec);
    expect(md2).toContain('- **Structural:** fail: 1 agree, 2 disagree, 1 void\n  - 3 threads, expected 4\n  - ok\n');
  });

  it('escapes helpers', () => {
    expect(mdText('a|b_c [d] <e> & `f`')).toBe('a\\|b\\_c \\[d\\] &lt;e&gt; &amp; \\`f\\`');
    expect(mdCode('x')).toBe('`x`');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(environmentLine({})).toBe('unknown platform · Node v? · not profiled');
  });

  it('marks an interrupted run and copes with no results', () => {
    const md2 = renderMarkdown({ interrupted: true, results: [], environment: { quick: true } });
    expect(md2).toContain('**The run was interrupted: results are partial.**');
    expect(md2).toContain('--quick');
    expect(md2).not.toContain('| verdict |');
  });

  it("shows the source's table beside ours for every claim that has one, whatever its verdict", () => {
    expect(md).not.toContain("The sources' tables");
    const rec = JSON.parse(readFileSync(new URL('./golden/evidence-record.json', import.meta.url), 'utf8'));
    const heavy = rec.results.find((/** @type {any} */ r) => r.id === 'cluster.faster-on-heavy');
    heavy.source.table = SOURCE_004.tables.heavy;
    heavy.verdict = heavy.label = 'pass';
    const out = renderMarkdown(rec);
    const part = out.slice(out.indexOf("### The sources' tables, reproduced"));
    expect(part.match(/^#### /gm)).toHaveLength(1);
    expect(part).toContain('#### `cluster.faster-on-heavy` (✅ pass)');
    expect(part).toContain('**The source** (“Multitasking in Node.js With the Cluster Module”');
    expect(part).toContain(
      '| server | req/s | mean latency (ms) | total time (s) |\n|---|---:|---:|---:|\n| single process | 37 | 2583.1 | 27.25 |\n| cluster | 139 | 685.8 | 7.18 |\n',
    );
    expect(part).toMatch(/\*\*This run:\*\* \/heavy: 4 connections for ≈\d+ ms per run, keep-alive; .* over 4 blocks/);
    expect(part).toContain('| server | load | req/s | mean latency (ms) | p50 (ms) | p99 (ms) | blocks |');
    expect(part).toMatch(/^\| single \| keep-alive \| [\d.]+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 4 \|$/m);
    expect(part).toMatch(/^\| cluster W=\d \| keep-alive \|/m);
    expect(part).toContain(`*Expected here:* ${mdText(heavy.expectation.summary)}`);
  });

  it('is the markdown exporter, registered by name', () => {
    expect(EXPORTERS.markdown.record(record)).toBe(md);
  });
});
