import { painter } from './format.js';
export type SpecOptions = {
    /**
     * live progress line (default: stdout is a TTY)
     */
    tty?: boolean;
    /**
     * ANSI colours (default: shouldColor({ tty }))
     */
    color?: boolean;
    /**
     * terminal width for clipping the progress line
     */
    columns?: number;
};
/**
 * @typedef {object} SpecOptions
 * @property {boolean} [tty]     live progress line (default: stdout is a TTY)
 * @property {boolean} [color]   ANSI colours (default: shouldColor({ tty }))
 * @property {number} [columns]  terminal width for clipping the progress line
 */
/**
 * Make the spec reporter.
 * @param {SpecOptions} [options]
 * @returns {(source: AsyncIterable<{ type: string, data: any }>) => AsyncGenerator<string>}
 */
export declare function spec(options?: SpecOptions): (source: AsyncIterable<{
    type: string;
    data: any;
}>) => AsyncGenerator<string>;
/**
 * The final line for one result.
 * @param {any} r @param {number} idWidth @param {ReturnType<typeof painter>} paint
 */
export declare function resultLine(r: any, idWidth: number, paint: ReturnType<typeof painter>): string;
/**
 * The machine header printed at run:start.
 * @param {any} data @param {ReturnType<typeof painter>} paint
 */
export declare function header(data: any, paint: ReturnType<typeof painter>): string;
