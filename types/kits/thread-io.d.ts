export type IoCount = {
    rchar: number;
    syscr: number;
};
export type ThreadIo = {
    /**
     * each live thread's reads so far, by tid (io_uring's kernel workers included)
     */
    threads: Record<string, IoCount>;
    /**
     * the process's reads so far, ended threads' included
     */
    whole: IoCount;
};
/** @typedef {{ rchar: number, syscr: number }} IoCount */
/**
 * @typedef {object} ThreadIo
 * @property {Record<string, IoCount>} threads  each live thread's reads so far, by tid (io_uring's kernel workers included)
 * @property {IoCount} whole  the process's reads so far, ended threads' included
 */
/**
 * Bytes and read calls of one io file; null where unread.
 * @param {string} file
 * @returns {IoCount | null}
 */
export declare function readIoFile(file: string): IoCount | null;
/**
 * One reading of process `pid`'s reads from outside: every live thread's and the
 * whole process's, taken so that they agree. The whole is read before and after
 * the threads; a reading whose two wholes differ (a thread read or ended
 * meanwhile) is taken again, up to TRIES times; null where none agreed, or the
 * process could not be read (not Linux, gone). Meant for a process that holds
 * still while it is read (a fixture waiting for the harness's answer).
 * @param {number} pid
 * @returns {ThreadIo | null}
 */
export declare function readThreadIo(pid: number): ThreadIo | null;
/**
 * What the process read between readings `a` and `b`: each thread live at `b`
 * (`spent` by tid; one started since `a` counts whole), and what threads that
 * ended in between read (`gone`: the whole's growth less the live threads',
 * which is exact; a thread that started and ended in between counts there whole).
 * @param {ThreadIo} a @param {ThreadIo} b
 * @returns {{ spent: Record<string, IoCount>, live: IoCount, gone: IoCount }}
 */
export declare function ioBetween(a: ThreadIo, b: ThreadIo): {
    spent: Record<string, IoCount>;
    live: IoCount;
    gone: IoCount;
};
