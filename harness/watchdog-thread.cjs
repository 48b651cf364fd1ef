'use strict';
// The stop watchdog's thread (see watchdog.js): its own event loop, so this
// timer fires whatever the main thread is doing.
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');

setTimeout(() => {
  try {
    fs.writeSync(2, `${workerData.message}\n`);
  } catch {
    // stderr closed (a run piped into `head`): the kill matters more than the line
  }
  process.kill(process.pid, 'SIGKILL');
}, workerData.graceMs);
