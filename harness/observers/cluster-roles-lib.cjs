'use strict';
// A third observer of cluster.isMaster, the harness's own: copied by the harness
// under a node_modules folder of its tmpdir (as a library would sit) and
// preloaded (NODE_OPTIONS --require) into the primary and every worker. Once
// the main module has run (setImmediate), it reads the properties from code
// loaded from that node_modules folder (CommonJS), and, through its sibling
// cluster-roles-lib.mjs (an ES module), from `import { isMaster, isPrimary }
// from 'node:cluster'` (the named exports) and the default import's
// properties. It writes <NCS_ROLES_DIR>/lib-<pid>.json.
const dir = process.env.NCS_ROLES_DIR;
if (dir) {
  const path = require('node:path');
  const cluster = require('node:cluster');
  const read = () => ({ isMaster: cluster.isMaster ?? null, isPrimary: cluster.isPrimary ?? null });
  const esm = import(require('node:url').pathToFileURL(path.join(__dirname, 'cluster-roles-lib.mjs')).href);
  const after = new Promise((resolve) => setImmediate(resolve).unref?.());
  Promise.all([esm, after])
    .then(([m]) => {
      const out = { pid: process.pid, cjs: read(), esm: m.read() };
      require('node:fs').writeFileSync(path.join(dir, `lib-${process.pid}.json`), JSON.stringify(out));
    })
    .catch(() => {}); // no record: the reading is left out
}
