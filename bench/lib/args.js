// The bench scripts' command lines: node:util parseArgs with positionals, and
// a bad argument reported as one line prefixed with the script's name.
import { parseArgs } from 'node:util';

/**
 * @param {string} name  the script, for the error line
 * @param {string[]} argv
 * @param {import('node:util').ParseArgsConfig['options']} options
 * @param {{ write: (s: string) => unknown }} stderr
 * @param {{ positionals?: boolean }} [o]  whether the script takes a selection of claims
 * @returns {{ values: Record<string, any>, positionals: string[] } | null}  null: reported, exit 2
 */
export function parseBenchArgs(name, argv, options, stderr, { positionals: allowPositionals = true } = {}) {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals, options });
    return { values, positionals };
  } catch (err) {
    stderr.write(`${name}: ${/** @type {Error} */ (err).message.split('\n')[0].replace(/\. To specify.*$/, '')}\n`);
    return null;
  }
}

/**
 * The same for scripts that report errors by throwing: a bad argument becomes
 * `makeError('… (see --help)')`, its message's first sentence.
 * @param {string[]} argv
 * @param {import('node:util').ParseArgsConfig['options']} options
 * @param {(message: string) => Error} makeError
 * @returns {{ values: Record<string, any>, positionals: string[] }}
 */
export function parseArgsOrThrow(argv, options, makeError) {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options });
    return { values, positionals };
  } catch (err) {
    throw makeError(`${/** @type {Error} */ (err).message.split(/\.( |$)/)[0]} (see --help)`);
  }
}
