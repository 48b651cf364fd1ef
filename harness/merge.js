// @ts-check
// Joining result records from many environments (Node versions, OSes, core
// counts) into one claims × environments table: read and check each record,
// order the environments, fold identical neighbouring columns, and mark the
// claims whose outcome depends on the environment.
import { readFileSync } from 'node:fs';
import { AREAS } from './spec.js';
import { VERDICTS, SCHEMA_VERSION } from './record.js';

export { renderMergedMarkdown, renderMergedHtml } from './reporters/merged.js';

/** A record that cannot be used: the message names the file and what is wrong. */
export class RecordError extends Error {
  name = 'RecordError';
}

/**
 * Read and check one result record.
 * @param {string} file
 */
export function readRecord(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = /** @type {any} */ (err)?.code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'not readable'
            : /** @type {Error} */ (err).message;
    throw new RecordError(`${file}: ${why}`);
  }
  if (!text.trim()) throw new RecordError(`${file}: empty file, not a result record`);
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new RecordError(
      `${file}: not valid JSON (truncated or not a record?): ${/** @type {Error} */ (err).message}`,
    );
  }
  return checkRecord(data, file);
}

/**
 * Check the parts of a record the table needs.
 * @param {any} data @param {string} [file]
 */
export function checkRecord(data, file = 'record') {
  const bad = (/** @type {string} */ why) => new RecordError(`${file}: ${why}`);
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw bad('not a result record (expected a JSON object)');
  if (!('schemaVersion' in data)) throw bad('not a node-concurrency-spec result record (no schemaVersion)');
  if (data.schemaVersion !== SCHEMA_VERSION)
    throw bad(
      `schemaVersion ${JSON.stringify(data.schemaVersion)} is not supported (this version reads schemaVersion ${SCHEMA_VERSION})`,
    );
  if (!Array.isArray(data.results)) throw bad('not a result record (no results list)');
  if (!data.environment || typeof data.environment !== 'object') throw bad('not a result record (no environment)');
  data.results.forEach((/** @type {any} */ r, /** @type {number} */ i) => {
    if (typeof r?.id !== 'string' || !r.id) throw bad(`result ${i + 1} has no id`);
    if (!VERDICTS.includes(r.verdict)) throw bad(`result ${r.id} has an unknown verdict ${JSON.stringify(r.verdict)}`);
  });
  return data;
}

const OS_NAMES = /** @type {Record<string, string>} */ ({ linux: 'Linux', darwin: 'macOS', win32: 'Windows' });
const OS_ORDER = ['linux', 'darwin', 'win32'];

/**
 * Compare version strings numerically ('20.9.0' < '20.10.0' < '22.17.0' <
 * '22.18.0'); a leading 'v' and a pre-release tag ('-nightly…') are ignored
 * for the numbers.
 * @param {string} a @param {string} b
 */
export function compareVersions(a, b) {
  const nums = (/** @type {string} */ v) =>
    v
      .replace(/^v/, '')
      .split(/[-+]/)[0]
      .split('.')
      .map((x) => Number(x) || 0);
  const pa = nums(a);
  const pb = nums(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d) return d;
  }
  return a.localeCompare(b);
}

/**
 * The environment of one record, as the table shows it.
 * @param {any} record @param {string} [file]
 */
export function environmentOf(record, file = '') {
  const env = record.environment ?? {};
  const node = String(env.node?.version ?? '?').replace(/^v/, '');
  const platform = String(env.platform ?? '?');
  const cores = typeof record.profile?.cores === 'number' ? record.profile.cores : null;
  const cpus = typeof env.cpus?.requested === 'number' ? env.cpus.requested : null;
  const quick = Boolean(env.quick);
  const os = OS_NAMES[platform] ?? platform;
  // The settings in force (--env, --inherit-env), as KEY=VALUE; '' when none.
  const settings = Object.entries(env.env ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return {
    file,
    platform,
    os,
    arch: String(env.arch ?? '?'),
    release: String(env.release ?? ''),
    node,
    major: node.split('.')[0],
    cores,
    cpus,
    quick,
    settings,
    summary: record.summary ?? null,
    label:
      `Node ${node} · ${os} ${env.arch ?? '?'} · C=${cores ?? '?'}${cpus !== null ? ` (--cpus ${cpus})` : ''}` +
      `${quick ? ' · quick' : ''}${settings ? ` · ${settings}` : ''}`,
  };
}

/** @typedef {ReturnType<typeof environmentOf>} Env */

/** Stable environment order: OS, arch, Node version, C, --cpus, quick, file. @param {Env} a @param {Env} b */
export function compareEnvs(a, b) {
  const os = (/** @type {Env} */ e) => (OS_ORDER.includes(e.platform) ? OS_ORDER.indexOf(e.platform) : OS_ORDER.length);
  const nullLast = (/** @type {number | null} */ x, /** @type {number | null} */ y) =>
    x === y ? 0 : x === null ? 1 : y === null ? -1 : x - y;
  return (
    os(a) - os(b) ||
    a.platform.localeCompare(b.platform) ||
    a.arch.localeCompare(b.arch) ||
    compareVersions(a.node, b.node) ||
    nullLast(a.cores, b.cores) ||
    nullLast(a.cpus, b.cpus) ||
    Number(a.quick) - Number(b.quick) ||
    a.file.localeCompare(b.file)
  );
}

/**
 * An exact, compact description of a set of environments, e.g.
 * 'Node 22, 24 (C=1, 2)' (every combination of those) or
 * 'Node 20 (C=2) and Node 22 (C=1)'. The OS is named when the table has
 * more than one; a Node major is shown in full where the table holds two
 * versions of it.
 * Where two environments of the table look alike, the description ends with
 * their numbers ('[#1, #3]') unless `numbered` is false.
 * @param {Env[]} envs @param {Env[]} all  every environment of the table
 * @param {{ numbered?: boolean }} [o]
 */
export function describeEnvs(envs, all, { numbered = true } = {}) {
  const oses = new Set(all.map((e) => `${e.os} ${e.arch}`));
  const quicks = new Set(all.map((e) => e.quick));
  const versions = (/** @type {string} */ major) => new Set(all.filter((e) => e.major === major).map((e) => e.node));
  const nodeName = (/** @type {Env} */ e) => (versions(e.major).size > 1 ? e.node : e.major);
  const cToken = (/** @type {Env} */ e) => `${e.cores ?? '?'}${quicks.size > 1 && e.quick ? ' quick' : ''}`;
  /** @type {Map<string, Map<string, Set<string>>>} os -> node -> C tokens */
  const byOs = new Map();
  for (const e of envs) {
    const os = oses.size > 1 ? `${e.os} ${e.arch}` : '';
    if (!byOs.has(os)) byOs.set(os, new Map());
    const nodes = /** @type {Map<string, Set<string>>} */ (byOs.get(os));
    if (!nodes.has(nodeName(e))) nodes.set(nodeName(e), new Set());
    /** @type {Set<string>} */ (nodes.get(nodeName(e))).add(cToken(e));
  }
  const parts = [];
  for (const [os, nodes] of byOs) {
    /** @type {Map<string, string[]>} C set -> nodes */
    const byC = new Map();
    for (const [node, cs] of nodes) {
      const key = [...cs].sort((a, b) => parseFloat(a) - parseFloat(b) || a.localeCompare(b)).join(', ');
      byC.set(key, [...(byC.get(key) ?? []), node]);
    }
    for (const [cs, ns] of byC) parts.push(`${os ? `${os} ` : ''}Node ${ns.join(', ')} (C=${cs})`);
  }
  // Records from the same kind of environment: name them by number too.
  const key = (/** @type {Env} */ e) => `${e.os} ${e.arch}|${e.node}|${e.cores}|${e.quick}`;
  const shared = envs.some((e) => all.filter((a) => key(a) === key(e)).length > 1);
  const numbers = envs.map((e) => /** @type {any} */ (e).index ?? all.indexOf(e) + 1).filter((n) => n > 0);
  return `${parts.join(' and ')}${numbered && shared && numbers.length ? ` [#${numbers.join(', #')}]` : ''}`;
}

/**
 * @typedef {{ verdict: string, label: string, reason: string } | null} Cell
 * @typedef {{ id: string, title: string, area: string, cells: Cell[], columns: Cell[], differs: boolean, outcomeDiffers: boolean, verdictDiffers: boolean, description: string, truthDiffers: boolean, truth: string, truths: (string | null)[], changes: VersionChange[] }} Claim
 *   outcomeDiffers: the outcome (verdict or label) differs; truthDiffers: what
 *   the spec expects to be true differs (its plan's `model.outcome`, e.g. by
 *   Node version), whatever the verdicts; differs: either; truth:
 *   'id: X on …; Y on …' where it does
 */

/**
 * Where a claim's outcome or truth changes from one Node version to the next,
 * among environments alike in everything else.
 * @typedef {object} VersionChange
 * @property {string} id
 * @property {string} from       the Node version before ('22.17.0')
 * @property {string} to         the next Node version of those environments ('22.18.0')
 * @property {'verdict' | 'label' | 'truth'} kind  what changed: the verdict, only its label, or only what the spec expects to be true
 * @property {string} before     the outcome (label) or the truth on `from`
 * @property {string} after      the same on `to`
 * @property {string} where      the environments where it does, apart from the version ('C=1, 2'; 'Linux x64 C=2')
 * @property {number[]} envs     the numbers (#) of the `to` environments
 * @property {string} text       'changed between 22.17.0 and 22.18.0 (C=1, 2): A → B'
 */

/** @param {Cell} c */
const outcome = (c) => (c ? `${c.verdict}|${c.label}` : '—');

/**
 * Join records into one table.
 * @param {any[]} records
 * @param {{ files?: string[], fold?: boolean }} [o]
 */
export function mergeRecords(records, { files = [], fold = true } = {}) {
  const entries = records.map((record, i) => ({ record, env: environmentOf(record, files[i] ?? `record ${i + 1}`) }));
  entries.sort((a, b) => compareEnvs(a.env, b.env));
  const environments = entries.map((e, index) => ({ index: index + 1, ...e.env }));
  /** @type {Map<string, { id: string, title: string, area: string, seen: number }>} */
  const meta = new Map();
  for (const { record } of entries)
    for (const r of record.results)
      if (!meta.has(r.id))
        meta.set(r.id, { id: r.id, title: String(r.title ?? ''), area: String(r.area ?? ''), seen: meta.size });
  const areaRank = (/** @type {string} */ a) => (AREAS.includes(a) ? AREAS.indexOf(a) : AREAS.length);
  const ordered = [...meta.values()].sort(
    (a, b) =>
      areaRank(a.area) - areaRank(b.area) ||
      (areaRank(a.area) === AREAS.length ? a.area.localeCompare(b.area) : 0) ||
      a.seen - b.seen,
  );
  const lookup = entries.map(({ record }) => new Map(record.results.map((/** @type {any} */ r) => [r.id, r])));
  /** @type {Claim[]} */
  const claims = ordered.map(({ id, title, area }) => {
    const cells = lookup.map((m) => {
      const r = m.get(id);
      return r ? { verdict: r.verdict, label: String(r.label || r.verdict), reason: String(r.reason ?? '') } : null;
    });
    const present = cells.filter(Boolean);
    const outcomeDiffers = new Set(present.map(outcome)).size > 1;
    const verdictDiffers = new Set(present.map((c) => c?.verdict)).size > 1;
    const truths = lookup.map((m) => truthOf(m.get(id)));
    const truthDiffers = new Set(truths.filter((t) => t !== null)).size > 1;
    const truth = truthDiffers ? describeTruth(id, truths, environments) : '';
    return {
      id,
      title,
      area,
      cells,
      columns: /** @type {Cell[]} */ ([]),
      differs: outcomeDiffers || truthDiffers,
      outcomeDiffers,
      verdictDiffers,
      description: '',
      truthDiffers,
      truth,
      truths,
      changes: /** @type {VersionChange[]} */ ([]),
    };
  });
  for (const c of claims) c.changes = versionChanges(c, environments);
  /** @type {{ envs: number[], title: string }[]} */
  const columns = [];
  // Neighbours fold only where every claim has the same outcome and the same truth.
  const signature = (/** @type {number} */ i) =>
    claims.map((c) => `${outcome(c.cells[i])}|${c.truths[i] ?? ''}`).join('\n');
  environments.forEach((_, i) => {
    const last = columns.at(-1);
    if (fold && last && signature(last.envs[0]) === signature(i)) last.envs.push(i);
    else columns.push({ envs: [i], title: '' });
  });
  for (const col of columns)
    col.title = describeEnvs(
      col.envs.map((i) => environments[i]),
      environments,
      { numbered: false },
    );
  for (const c of claims)
    if (c.differs) c.description = c.outcomeDiffers ? describeClaim(c.id, c.cells, environments) : c.truth;
  for (const c of claims) c.columns = columns.map((col) => c.cells[col.envs[0]]);
  const differs = [
    ...claims.filter((c) => c.verdictDiffers),
    ...claims.filter((c) => c.truthDiffers && !c.verdictDiffers),
    ...claims.filter((c) => c.outcomeDiffers && !c.verdictDiffers && !c.truthDiffers),
  ];
  return {
    environments,
    columns: columns.map((c) => ({ ...c, envs: c.envs.map((i) => i + 1) })),
    claims,
    differs,
    changes: claims.flatMap((c) => c.changes),
    versions: [...new Set(environments.map((e) => e.node))],
  };
}

/**
 * Where a claim's outcome (verdict or label) or its truth (the plan's
 * `model.outcome`) changes between neighbouring Node versions. Environments
 * are compared only with those alike in all but the version (OS, arch, C,
 * --cpus, quick, settings), each such group in version order; a version
 * where the claim did not run is passed over. The same change seen in several
 * groups (C=1 and C=2) is one entry naming all of them.
 * @param {Pick<Claim, 'id' | 'cells' | 'truths'>} claim
 * @param {(Env & { index?: number })[]} envs  the table's environments, in table order
 * @returns {VersionChange[]}
 */
export function versionChanges(claim, envs) {
  const group = (/** @type {Env} */ e) =>
    [e.platform, e.arch, e.cores, e.cpus, e.quick, e.settings].map((x) => String(x)).join('|');
  /** @type {Map<string, number[]>} group -> environment indexes */
  const groups = new Map();
  envs.forEach((e, i) => {
    if (!claim.cells[i]) return;
    groups.set(group(e), [...(groups.get(group(e)) ?? []), i]);
  });
  const oses = new Set(envs.map((e) => `${e.os} ${e.arch}`)).size > 1;
  const settings = new Set(envs.map((e) => e.settings)).size > 1;
  const quicks = new Set(envs.map((e) => e.quick)).size > 1;
  /** @type {Map<string, VersionChange & { at: Env[] }>} */
  const found = new Map();
  for (const members of groups.values()) {
    /** @type {Map<string, number[]>} version -> indexes, in version order */
    const byVersion = new Map();
    for (const i of [...members].sort((a, b) => compareVersions(envs[a].node, envs[b].node) || a - b))
      byVersion.set(envs[i].node, [...(byVersion.get(envs[i].node) ?? []), i]);
    const steps = [...byVersion.entries()].map(([node, at]) => {
      const cells = at.map((i) => /** @type {NonNullable<Cell>} */ (claim.cells[i]));
      const uniq = (/** @type {string[]} */ xs) => [...new Set(xs)].join(' / ');
      return {
        node,
        at,
        verdict: uniq(cells.map((c) => c.verdict)),
        outcome: uniq(cells.map((c) => outcome(c))),
        label: uniq(cells.map((c) => c.label)),
        truth: uniq(at.map((i) => claim.truths[i] ?? '')),
      };
    });
    for (let k = 1; k < steps.length; k++) {
      const [a, b] = [steps[k - 1], steps[k]];
      const truthChanged = a.truth !== b.truth && a.truth !== '' && b.truth !== '';
      if (a.outcome === b.outcome && !truthChanged) continue;
      const kind = a.verdict !== b.verdict ? 'verdict' : truthChanged ? 'truth' : 'label';
      const [before, after] = truthChanged ? [a.truth, b.truth] : [a.label, b.label];
      const extra = truthChanged && a.outcome !== b.outcome ? ` (${a.label} → ${b.label})` : '';
      const key = [a.node, b.node, before, after, extra].join('\n');
      const entry = found.get(key) ?? {
        id: claim.id,
        from: a.node,
        to: b.node,
        kind: /** @type {VersionChange['kind']} */ (kind),
        before,
        after: `${after}${extra}`,
        where: '',
        envs: [],
        text: '',
        at: [],
      };
      entry.at.push(...b.at.map((i) => envs[i]));
      entry.envs.push(...b.at.map((i) => envs[i].index ?? i + 1));
      found.set(key, entry);
    }
  }
  return [...found.values()]
    .sort((x, y) => compareVersions(x.from, y.from) || compareVersions(x.to, y.to))
    .map(({ at, ...c }) => {
      /** @type {Map<string, string[]>} */
      const places = new Map();
      for (const e of at) {
        const place = [oses ? `${e.os} ${e.arch}` : '', settings && e.settings ? e.settings : '']
          .filter(Boolean)
          .join(' · ');
        const token = `${e.cores ?? '?'}${quicks && e.quick ? ' quick' : ''}`;
        const list = places.get(place) ?? [];
        if (!list.includes(token)) list.push(token);
        places.set(place, list);
      }
      const where = [...places.entries()]
        .map(([place, cs]) => `${place ? `${place} ` : ''}C=${cs.join(', ')}`)
        .join('; ');
      return { ...c, where, text: `changed between ${c.from} and ${c.to} (${where}): ${c.before} → ${c.after}` };
    });
}

/** @typedef {ReturnType<typeof mergeRecords>} MergedTable */

/**
 * What a result's plan said is true in its environment (`model.outcome`), or
 * null where it says nothing (most claims: the truth is the same everywhere).
 * @param {any} r
 */
function truthOf(r) {
  const o = r?.expectation?.model?.outcome;
  return typeof o === 'string' && o.trim() ? o.trim() : null;
}

/**
 * 'pool.env-in-code: ES module entry → 4 on Node 20 (C=1, 2); ES module entry → 2 on Node 22, 24 (C=1, 2)'.
 * @param {string} id @param {(string | null)[]} truths @param {Env[]} envs
 */
export function describeTruth(id, truths, envs) {
  return describeGroups(
    id,
    truths.map((t) => (t === null ? null : { key: t, label: t })),
    envs,
  );
}

/**
 * 'pool.env-in-code: fail on Node 20 (C=2); pass on Node 22, 24 (C=1, 2)'.
 * @param {string} id @param {Cell[]} cells @param {Env[]} envs
 */
export function describeClaim(id, cells, envs) {
  return describeGroups(
    id,
    cells.map((c) => ({ key: outcome(c), label: c ? c.label : 'not run' })),
    envs,
  );
}

/**
 * 'id: A on <envs>; B on <envs>': environments grouped by key, in order of
 * first appearance, 'not run' last; a null item's environment is left out.
 * @param {string} id @param {({ key: string, label: string } | null)[]} items one per environment @param {Env[]} envs
 */
function describeGroups(id, items, envs) {
  /** @type {Map<string, { label: string, envs: Env[] }>} */
  const groups = new Map();
  items.forEach((item, i) => {
    if (!item) return;
    const g = groups.get(item.key) ?? { label: item.label, envs: [] };
    g.envs.push(envs[i]);
    groups.set(item.key, g);
  });
  const ordered = [...groups.values()].sort((a, b) => Number(a.label === 'not run') - Number(b.label === 'not run'));
  return `${id}: ${ordered.map((g) => `${g.label} on ${describeEnvs(g.envs, envs)}`).join('; ')}`;
}
