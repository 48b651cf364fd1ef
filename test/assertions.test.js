// What a claim asserts, in the reports: the HTML claim section and the
// Markdown details list every named assertion with its decision, its
// channel and what was read; records from before they were kept show none.
import { test } from 'node:test';
import { expect } from 'expect';
import { assertionsBlock } from '../harness/reporters/html.js';
import { renderMarkdown } from '../harness/reporters/markdown.js';

const assertions = [
  { name: '4 run at once', channel: 'structural', decided: 'fail', agree: 0, disagree: 2, detail: 'runnable 2.01' },
  { name: 'the four finish together', channel: 'timing', decided: null, detail: 'timing S median 0.11' },
];

test('HTML: one item per assertion, its decision as a badge, the channel and trial count', () => {
  const html = assertionsBlock(assertions);
  expect(html).toContain('<h3>What the claim asserts</h3>');
  expect(html).toContain(
    '<span class="badge v-fail">fail</span> 4 run at once <span class="muted">(structural, 0/2 trials)</span>',
  );
  expect(html).toContain('<span class="badge v-inconclusive">undecided</span> the four finish together');
  expect(assertionsBlock(undefined)).toBe('');
});

test('Markdown: the details of a failed claim list its assertions', () => {
  const result = {
    id: 'pool.x',
    title: 't',
    verdict: 'fail',
    label: 'fail',
    reason: 'r',
    expected: 'holds',
    trials: 2,
    durationMs: 10,
    evidence: { structural: null, timing: null, assertions },
  };
  const md = renderMarkdown({ results: [result], summary: { total: 1, fail: 1 } });
  expect(md).toContain(
    '- **Asserts:**\n  - ❌ 4 run at once (structural, 0/2 trials): runnable 2.01\n  - ❔ the four finish together (timing): timing S median 0.11',
  );
});
