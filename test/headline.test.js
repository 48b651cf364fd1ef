// A verdict's reason in one sentence (reporters/format.js headline): the
// lead of what decided it, and the timing figure against the claim's region
// where timing was judged; the whole reason stays in the record. Reasons
// below are as runs on a 2-core VM wrote them.
import { test } from 'node:test';
import { expect } from 'expect';
import { headline, HEADLINE_MAX } from '../harness/reporters/format.js';
import { resultLine } from '../harness/reporters/spec.js';
import { painter } from '../harness/reporters/format.js';

const ABBA =
  'ABBA /light: single no keep-alive 465 req/s (mean 13.4 ms, gen CPU 0.678), single keep-alive 1222 req/s (mean 6.4 ms, gen CPU 0.594), cluster W=2 keep-alive 801 req/s (mean 9.1 ms, gen CPU 0.547), cluster W=2 no keep-alive 465 req/s (mean 16.5 ms, gen CPU 0.505)';
const cluster = {
  id: 'cluster.slower-on-light',
  verdict: 'pass',
  reason: `every worker served its share; ${ABBA} (keep-alive ratio 0.6: reported, not judged) (9/9 trials as expected); timing r median -0.5255 99.6% CI [-0.7087, -0.1426] vs region < 0.095 (model 0; cluster faster ×2 → 0.6931), n=9: as predicted`,
  evidence: {
    structural: { decided: 'pass' },
    timing: { statistic: 'r', median: -0.5255, interval: [-0.7087, -0.1426], region: '< 0.095', decided: 'pass' },
  },
};

test('a throughput pass: the structure in a phrase, then the deciding ratio against its region', () => {
  expect(headline(cluster)).toBe(
    'every worker served its share…; r median -0.525 (CI [-0.709, -0.143]) vs region < 0.095',
  );
});

test("an early look's interval is named as the mean's, not the median's", () => {
  const early = {
    ...cluster,
    evidence: {
      ...cluster.evidence,
      timing: { ...cluster.evidence.timing, interval: [-0.61, -0.44], intervalOf: 'mean' },
    },
  };
  expect(headline(early)).toBe(
    'every worker served its share…; r median -0.525 (t-CI of the mean [-0.61, -0.44]) vs region < 0.095',
  );
});

test('timing that was reported, not judged, is not shown as if it decided', () => {
  const r = {
    verdict: 'pass',
    reason:
      '4 pool threads started, 4 did the 4 tasks (1+1+1+1); expected 4 and 4; runnable at once 4 (model 4) (3/3 trials as expected); timing reported, not judged (with 4 threads on C=2 the scheduler spreads the finishing times unevenly): timing S median 0.06',
    evidence: {
      structural: { decided: 'pass' },
      timing: { statistic: 'S', median: 0.06, interval: null, region: '< 0.2' },
    },
  };
  expect(headline(r)).toBe(
    '4 pool threads started, 4 did the 4 tasks (1+1+1+1); expected 4 and 4; runnable at once 4 (model 4) (3/3 trials as expected)',
  );
});

test('a structural fail keeps its deciding reading; an undecided timing figure is not added', () => {
  const r = {
    verdict: 'fail',
    reason:
      '4 pool threads started, 4 did the 8 tasks (2+2+2+2); expected 4 and 4; runnable at once 2.01 (model 4) (0/2 trials as expected); timing S median 0.11 (no interval yet) vs region < 0.5 (model 0.2), n=2: undecided',
    evidence: {
      structural: { decided: 'fail' },
      timing: { statistic: 'S', median: 0.11, interval: null, decided: null },
    },
  };
  expect(headline(r)).toBe(
    '4 pool threads started, 4 did the 8 tasks (2+2+2+2); expected 4 and 4; runnable at once 2.01 (model 4) (0/2 trials as expected)',
  );
  // A record without a reason or a median: no stray figure.
  expect(headline({ verdict: 'pass', evidence: { timing: { statistic: 'r', median: null, decided: 'pass' } } })).toBe(
    '',
  );
});

test('a timing fail leads with its own clause; a model in parentheses is not split', () => {
  const r = {
    verdict: 'fail',
    reason:
      'timing S median 0.54 99.6% CI [0.48, 0.66] vs region < 0.2 (model 0; P=3 → 0.4), n=9: contradicts; structure: 4 did the 6 tasks',
    evidence: { structural: { decided: 'pass' }, timing: { statistic: 'S', median: 0.54, interval: [0.48, 0.66] } },
  };
  expect(headline(r)).toBe(
    'timing S median 0.54 99.6% CI [0.48, 0.66] vs region < 0.2 (model 0; P=3 → 0.4), n=9: contradicts; structure: 4 did the 6 tasks',
  );
});

test('a long lead is cut at a phrase and marked; skips and errors are their reason', () => {
  const r = { verdict: 'inconclusive', reason: `4 of 6 trials void: generator CPU-bound in 1 run(s): ${ABBA}` };
  const h = headline(r);
  expect(h.length).toBeLessThanOrEqual(HEADLINE_MAX);
  expect(h.startsWith('4 of 6 trials void: generator CPU-bound in 1 run(s): ABBA /light: ')).toBe(true);
  expect(h.endsWith(')…')).toBe(true); // cut after a whole phrase
  expect(headline({ verdict: 'skip', reason: 'needs Linux /proc (this is darwin)' })).toBe(
    'needs Linux /proc (this is darwin)',
  );
});

test('the spec reporter: the headline on the result line, the whole reason below a fail or an inconclusive', () => {
  const paint = painter(false);
  const pass = resultLine({ ...cluster, durationMs: 14200, label: 'pass' }, 24, paint);
  expect(pass.split('\n')[0]).toMatch(/— every worker served its share…; r median -0\.525/);
  expect(pass).not.toContain('details:');
  const inconclusive = resultLine(
    { id: 'x', verdict: 'inconclusive', label: 'inconclusive', durationMs: 1, reason: `4 of 6 trials void: ${ABBA}` },
    24,
    paint,
  );
  expect(inconclusive.split('\n')[1]).toBe(`${' '.repeat(22)}details: 4 of 6 trials void: ${ABBA}`);
});

test('a fail names the assertion that failed, with what was read', () => {
  const r = {
    verdict: 'fail',
    reason: '4 pool threads started, 4 did the 4 tasks (1+1+1+1); expected 4 and 4; runnable at once 2.01 (model 4)',
    evidence: {
      assertions: [
        {
          name: '4 pool threads, 4 of them doing the 4 tasks',
          channel: 'structural',
          decided: 'pass',
          detail: '4 did',
        },
        {
          name: '4 run at once, then min(4, tasks left)',
          channel: 'structural',
          decided: 'fail',
          detail: 'runnable at once 2.01 (model 4)',
        },
      ],
    },
  };
  expect(headline(r)).toBe('“4 run at once, then min(4, tasks left)” does not hold: runnable at once 2.01 (model 4)');
});
