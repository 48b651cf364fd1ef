// The event stream a finished record stands for (run:start, spec:start and
// spec:end per result, run:end), to feed live reporters a golden record
// without running anything. Only the tests need it: a real run's events come
// from the engine.

/**
 * @param {any} record
 * @returns {AsyncGenerator<{ type: string, data: any }>}
 */
export async function* eventsOf(record) {
  const results = record?.results ?? [];
  const specs = results.map((/** @type {any} */ r) => ({ id: r.id, title: r.title }));
  yield {
    type: 'run:start',
    data: { startedAt: record.startedAt, environment: record.environment, profile: record.profile, specs },
  };
  for (let index = 0; index < results.length; index++) {
    const r = results[index];
    yield { type: 'spec:start', data: { id: r.id, title: r.title, index, total: results.length } };
    yield { type: 'spec:end', data: r };
  }
  yield { type: 'run:end', data: record };
}
