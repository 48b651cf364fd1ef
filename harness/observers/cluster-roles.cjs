'use strict';
// A second observer of cluster.isMaster, the harness's own, not the
// fixture's: preloaded (NODE_OPTIONS --require) into the primary and, through
// the environment they inherit, every cluster worker. Once the program's
// main module has run, it reads the properties as a user's module would and
// writes them to <NCS_ROLES_DIR>/roles-<pid>.json. What the program reports
// about itself (GET /roles) plays no part in it.
const dir = process.env.NCS_ROLES_DIR;
if (dir) {
  setImmediate(() => {
    const cluster = require('node:cluster');
    const roles = {
      pid: process.pid,
      hasIsMaster: 'isMaster' in cluster,
      isMaster: cluster.isMaster === undefined ? null : cluster.isMaster,
      isPrimary: cluster.isPrimary,
      isWorker: cluster.isWorker,
    };
    require('node:fs').writeFileSync(
      require('node:path').join(dir, `roles-${process.pid}.json`),
      JSON.stringify(roles),
    );
  }).unref?.();
}
