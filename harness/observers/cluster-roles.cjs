'use strict';
// A second observer of cluster.isMaster, the harness's own, not the
// fixture's: preloaded (NODE_OPTIONS --require) into the primary and, through
// the environment they inherit, every cluster worker. Once the program's
// main module has run, it reads the properties as a user's module would and
// writes them to <NCS_ROLES_DIR>/roles-<pid>.json. What the program reports
// about itself (GET /roles) plays no part in it.
//
// It also reads them where a program reads them: while its main module runs
// (the source's `if (cluster.isMaster)` sits at the top of it). `atLoad` holds
// three readings of that time: `preload` (here, before the main module),
// `mainEnd` (as the main module's own code returns: the last of its top-level
// run, through Module.prototype._compile) and `firstTick` (a process.nextTick
// queued here, which runs before any the main module queued). A reading that
// could not be taken (the main module not compiled through _compile, as an ES
// module is) is absent.
const dir = process.env.NCS_ROLES_DIR;
if (dir) {
  const cluster = require('node:cluster');
  const read = () => ({
    hasIsMaster: 'isMaster' in cluster,
    isMaster: cluster.isMaster === undefined ? null : cluster.isMaster,
    isPrimary: cluster.isPrimary,
    isWorker: cluster.isWorker,
  });
  /** @type {Record<string, any>} */
  const atLoad = { preload: read() };
  process.nextTick(() => (atLoad.firstTick = read()));
  const Module = require('node:module');
  const compile = Module.prototype._compile;
  /** @this {any} @param {any[]} args */
  function wrapped(...args) {
    const main = this.id === '.';
    // the main module's run is over once its own _compile returns: Node's own again
    if (main && Module.prototype._compile === wrapped) Module.prototype._compile = compile;
    try {
      return compile.apply(this, args);
    } finally {
      if (main) atLoad.mainEnd = read();
    }
  }
  if (typeof compile === 'function') Module.prototype._compile = wrapped;
  setImmediate(() => {
    const roles = { pid: process.pid, ...read(), atLoad };
    require('node:fs').writeFileSync(
      require('node:path').join(dir, `roles-${process.pid}.json`),
      JSON.stringify(roles),
    );
  }).unref?.();
}
