// @ts-check
// Every error the harness reports to a user by kind. Each one is a single line
// for the user and exit 2 at the command line; keeping them here lets the
// argument parser, the registry and the commands name them without importing
// the modules that spawn processes.

/** Bad input from the user: reported as one line, exit 2. */
export class UsageError extends Error {
  name = 'UsageError';
}

/**
 * A spec file is malformed. From defineSpec: `problems` lists each 'field:
 * what is wrong', and `spec` is what was declared (for the linter).
 */
export class SpecError extends Error {
  name = 'SpecError';
  /** @param {string} message @param {{ problems?: string[], spec?: unknown }} [o] */
  constructor(message, { problems = [], spec } = {}) {
    super(message);
    this.problems = problems;
    this.spec = spec;
  }
}

/** A fixture broke: crashed, hung, or reported an error. */
export class FixtureError extends Error {
  /** @param {string} message @param {{ stderr?: string }} [extra] */
  constructor(message, extra = {}) {
    super(message);
    this.name = 'FixtureError';
    this.stderr = extra.stderr ?? '';
  }
}

/** A record that cannot be re-judged: one line for the user. */
export class JudgeError extends Error {
  name = 'JudgeError';
}

/**
 * A replayed run has no more recorded samples for a claim (judge): the claim
 * is undecided after the trials the record holds. Not a user error: the
 * engine turns it into an inconclusive verdict.
 */
export class EndOfSamples extends Error {
  name = 'EndOfSamples';
  /** @param {number} recorded  samples the record held for the claim */
  constructor(recorded) {
    super(`no more recorded samples (the record holds ${recorded})`);
    this.recorded = recorded;
  }
}
