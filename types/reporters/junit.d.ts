/**
 * Make text safe for XML 1.0: strip ANSI codes and characters XML cannot
 * carry (C0 controls except tab/newline/CR, lone surrogates, U+FFFE/U+FFFF),
 * then escape & < > " '. In attributes, tab/newline/CR become character
 * references so parsers keep them.
 * @param {unknown} text @param {{ attr?: boolean }} [opts]
 */
export declare function escapeXml(text: unknown, { attr }?: {
    attr?: boolean;
}): string;
/**
 * Multi-line details about a result, for failure bodies and system-out.
 * @param {any} r
 */
export declare function details(r: any): string;
/**
 * One <testcase> element.
 * @param {any} r
 */
export declare function testCase(r: any): string;
/**
 * Render a full record as a JUnit XML document.
 * @param {any} record
 * @returns {string}
 */
export declare function renderJunit(record: any): string;
