// @ts-check
// The source articles the built-in claims come from (shared/seeds/), in one
// table: the linter checks citations against it and the kits name their
// sources from it, so a file name is written once. Titles only: the articles'
// sentences are never quoted here.

/**
 * @typedef {object} SourceArticle
 * @property {string} file          the file name under shared/seeds/
 * @property {string} title         the article's title, as written
 * @property {string | null} author the author, where the text names one
 * @property {string} about         what it is about, in a few words
 */

/** @type {readonly Readonly<SourceArticle>[]} */
export const SOURCE_ARTICLES = Object.freeze(
  [
    {
      file: '000_5064a5800ba04d45.txt',
      title: 'Is Node.js Really Single-Threaded?',
      author: null,
      about: 'threads vs processes; the libuv pool of four and UV_THREADPOOL_SIZE, timed with pbkdf2',
    },
    {
      file: '001_d7825f0db40d285a.txt',
      title: 'Node.js is not single threaded',
      author: null,
      about: 'one main thread for JavaScript; libuv pool threads behind fs and crypto',
    },
    {
      file: '002_d7b7cf540677f00a.txt',
      title: '[NODE] 노드의 내부를 파헤쳐보자 (3) (Digging into the internals of Node, part 3)',
      author: 'dev-dongwon',
      about: 'the libuv thread pool, and network I/O handed to the OS rather than the pool',
    },
    {
      file: '003_dd73dd342487444b.txt',
      title: 'Node.js Worker Threads',
      author: null,
      about: 'CPU work blocking the event loop; worker threads and how many to start per core',
    },
    {
      file: '004_565aaecf595b910e.txt',
      title: 'Multitasking in Node.js With the Cluster Module',
      author: null,
      about: 'cluster workers sharing a port, and load tests of a heavy and a light endpoint',
    },
  ].map((a) => Object.freeze(a)),
);

/** The source articles' file names, in order (what `source.file` may cite). */
export const SOURCES = Object.freeze(SOURCE_ARTICLES.map((a) => a.file));

/**
 * The article whose file name starts with `number` (e.g. '003').
 * @param {string} number
 * @returns {Readonly<SourceArticle>}
 */
export function sourceArticle(number) {
  const found = SOURCE_ARTICLES.find((a) => a.file.startsWith(`${number}_`));
  if (!found) throw new RangeError(`no source article numbered '${number}' (known: ${SOURCES.join(', ')})`);
  return found;
}

/**
 * How reports name a cited source: a known article by its title (and author
 * where the text gives one), with its file name; anything else (an address,
 * a claim pack's file) as cited.
 * @param {unknown} file
 * @returns {string}
 */
export function sourceName(file) {
  const a = SOURCE_ARTICLES.find((x) => x.file === file);
  if (!a) return String(file ?? '');
  return `“${a.title}”${a.author ? ` by ${a.author}` : ''} (${a.file})`;
}
