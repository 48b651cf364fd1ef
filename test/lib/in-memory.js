// A machine and a launcher for running the engine without processes: the
// machine is plain data, as harness/machine.js builds it, and the launcher
// hands each trial the plan's own (canned) observation. Only the tests need
// them.

/** The machine the tests run on. */
export const testMachine = Object.freeze({
  node: { path: 'node', execPath: '/usr/bin/node', major: 20, version: '20.20.2', v8: '11.3', uv: '1.46.0' },
  platform: 'linux',
  arch: 'x64',
  release: 'test',
  cpus: null,
  cpuMethod: /** @type {const} */ ('none'),
  requestedCpus: null,
  quick: false,
  profile: null,
  cores: 2,
  pbkdf2: { taskMs: 120, iterations: 1000 },
  usable: null,
  env: {},
  poolSize: 4,
  poolSizeFrom: /** @type {const} */ ('default'),
});

/** A launcher that runs nothing: each trial is the plan's own (canned) one. */
export const inMemoryLauncher = Object.freeze({
  trial: (/** @type {any} */ plan, /** @type {any} */ c, /** @type {number} */ n) => plan.trial(c, n),
  run: async () => {
    throw new Error('no fixtures in these tests');
  },
  start: () => {
    throw new Error('no services in these tests');
  },
  tmpdir: '',
  signal: undefined,
  dispose() {},
});
