/**
 * Escape a TAP 14 description or directive reason: `\` → `\\`, `#` → `\#`,
 * ANSI codes and line breaks removed.
 * @param {unknown} text
 */
export declare function escapeTap(text: unknown): string;
/**
 * The diagnostic fields for one result.
 * @param {any} r
 */
export declare function diagnostics(r: any): Record<string, unknown>;
/**
 * The test point line plus its YAML block.
 * @param {any} r @param {number} n
 */
export declare function testPoint(r: any, n: number): string;
/**
 * The TAP reporter.
 * @param {AsyncIterable<{ type: string, data: any }>} source
 * @returns {AsyncGenerator<string>}
 */
export declare function tap(source: AsyncIterable<{
    type: string;
    data: any;
}>): AsyncGenerator<string>;
