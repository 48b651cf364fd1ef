/**
 * Escape text for HTML/SVG content and attribute values. ANSI sequences and
 * control characters (except newline and tab) are removed.
 * @param {unknown} text
 */
export declare function esc(text: unknown): string;
/**
 * A display number: up to 3 significant decimals, no trailing zeros.
 * @param {unknown} x @param {number} [digits]
 */
export declare function fmt(x: unknown, digits?: number): string;
/** Finite numbers only. @param {unknown[]} xs @returns {number[]} */
export declare function finite(xs: unknown[]): number[];
/**
 * Round tick values covering [lo, hi] (about `count` of them).
 * @param {number} lo @param {number} hi @param {number} [count]
 */
export declare function ticks(lo: number, hi: number, count?: number): number[];
export type Scale = ((v: number) => number) & {
    domain: [number, number];
    ticks: (n?: number) => number[];
};
/**
 * @typedef {((v: number) => number) & { domain: [number, number], ticks: (n?: number) => number[] }} Scale
 */
/**
 * A linear scale from [d0, d1] to [r0, r1]; a flat domain is widened.
 * @param {[number, number]} domain @param {[number, number]} range
 * @returns {Scale}
 */
export declare function linear([d0, d1]: [number, number], [r0, r1]: [number, number]): Scale;
/**
 * A log10 scale (positive values), ticks at 1-2-5 steps.
 * @param {[number, number]} domain @param {[number, number]} range
 * @returns {Scale}
 */
export declare function log([d0, d1]: [number, number], [r0, r1]: [number, number]): Scale;
/** Attributes from an object; values escaped, undefined/null/false left out. @param {Record<string, unknown>} attrs */
export declare function attrs(attrs: Record<string, unknown>): string;
/** Round a coordinate to 0.01. @param {number} v */
export declare function r2(v: number): number;
/** @param {string} name @param {Record<string, unknown>} a @param {string} [body] */
export declare function el(name: string, a: Record<string, unknown>, body?: string): string;
/** @param {number} x @param {number} y @param {unknown} str @param {Record<string, unknown>} [a] */
export declare function text(x: number, y: number, str: unknown, a?: Record<string, unknown>): string;
/**
 * The outer <svg> element, with an accessible title.
 * @param {{ width: number, height: number, title: string, cls?: string }} o @param {string} body
 */
export declare function svg({ width, height, title, cls }: {
    width: number;
    height: number;
    title: string;
    cls?: string;
}, body: string): string;
/**
 * A horizontal axis at y with tick labels.
 * @param {Scale} x @param {number} y @param {{ label?: string, format?: (v: number) => string, count?: number, top?: number, values?: number[] }} [o]
 */
export declare function xAxis(x: Scale, y: number, { label, format, count, top, values }?: {
    label?: string;
    format?: (v: number) => string;
    count?: number;
    top?: number;
    values?: number[];
}): string;
/**
 * A vertical axis at x with tick labels.
 * @param {Scale} y @param {number} x @param {{ label?: string, format?: (v: number) => string, count?: number, right?: number }} [o]
 */
export declare function yAxis(y: Scale, x: number, { label, format, count, right }?: {
    label?: string;
    format?: (v: number) => string;
    count?: number;
    right?: number;
}): string;
/**
 * Round ratios (×0.5, ×1, ×1.5, ×2, …) as log values inside [lo, hi], at
 * most about `count` of them.
 * @param {number} lo @param {number} hi  log values @param {number} [count]
 */
export declare function ratioTicks(lo: number, hi: number, count?: number): number[];
/**
 * A deterministic jitter in [-0.5, 0.5) for the i-th dot (golden ratio sequence).
 * @param {number} i
 */
export declare function jitter(i: number): number;
