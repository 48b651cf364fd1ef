// @ts-check
// The ES-module side of cluster-roles-lib.cjs: node's ES-module view of the
// cluster module, its named exports (live bindings) and its default export.
import cluster, { isMaster, isPrimary } from 'node:cluster';

/** Both readings, taken when called. */
export function read() {
  return {
    named: { isMaster: isMaster ?? null, isPrimary: isPrimary ?? null },
    default: { isMaster: cluster.isMaster ?? null, isPrimary: cluster.isPrimary ?? null },
  };
}
