/**
 * Check, before any measurement, that a report file can be written, by doing
 * it: its directory is created and a temporary file is written there and
 * removed (permission bits do not tell: as root every access() check passes,
 * and some file systems, /proc for one, refuse files whatever the bits say).
 * The report itself is not touched.
 * @param {string} file
 */
export declare function checkWritable(file: string): void;
/**
 * The same check for a directory reports go into (`--out DIR`): it is
 * created, and a temporary file is written in it and removed.
 * @param {string} dir
 */
export declare function checkDirectory(dir: string): void;
/**
 * Write a file whole: to a temporary name first, then renamed over.
 * @param {string} file @param {string} text
 */
export declare function writeWhole(file: string, text: string): void;
/**
 * An async iterable fed by push(): one per reporter, so each consumes the
 * run's events at its own pace.
 * @template T
 */
export declare class Channel<T> {
    #private;
    /** @param {T} item */
    push(item: T): void;
    close(): void;
    [Symbol.asyncIterator](): {
        next: () => Promise<any>;
    };
}
/**
 * Run reporters over one event stream. Each writes to stdout as it goes, or
 * collects its output and writes its file whole at the end.
 * @param {{ name: string, file: string | null, fn: (source: AsyncIterable<any>) => AsyncGenerator<string> }[]} list
 * @param {NodeJS.WritableStream} stdout
 */
export declare function fanOut(list: {
    name: string;
    file: string | null;
    fn: (source: AsyncIterable<any>) => AsyncGenerator<string>;
}[], stdout: NodeJS.WritableStream): {
    /** @param {any} event */
    push: (event: any) => void;
    close: () => Promise<void>;
};
