'use strict';
// The stop watchdog's thread (see watchdog.js): its own event loop, so this
// timer fires whatever the main thread is doing.
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');

setTimeout(() => {
  fs.writeSync(2, `${workerData.message}\n`);
  process.kill(process.pid, 'SIGKILL');
}, workerData.graceMs);
