export type SourceArticle = {
    /**
     * the file name under shared/seeds/
     */
    file: string;
    /**
     * the article's title, as written
     */
    title: string;
    /**
     * the author, where the text names one
     */
    author: string | null;
    /**
     * what it is about, in a few words
     */
    about: string;
};
/**
 * @typedef {object} SourceArticle
 * @property {string} file          the file name under shared/seeds/
 * @property {string} title         the article's title, as written
 * @property {string | null} author the author, where the text names one
 * @property {string} about         what it is about, in a few words
 */
/** @type {readonly Readonly<SourceArticle>[]} */
export declare const SOURCE_ARTICLES: readonly Readonly<SourceArticle>[];
/** The source articles' file names, in order (what `source.file` may cite). */
export declare const SOURCES: readonly string[];
/**
 * The article whose file name starts with `number` (e.g. '003').
 * @param {string} number
 * @returns {Readonly<SourceArticle>}
 */
export declare function sourceArticle(number: string): Readonly<SourceArticle>;
/**
 * How reports name a cited source: a known article by its title (and author
 * where the text gives one), with its file name; anything else (an address,
 * a claim pack's file) as cited.
 * @param {unknown} file
 * @returns {string}
 */
export declare function sourceName(file: unknown): string;
