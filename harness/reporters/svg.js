// @ts-check
// Small helpers for self-contained HTML and inline SVG: escaping, linear and
// log scales with round ticks, and the few SVG elements the charts draw.
// Pure string building; nothing here loads anything.
import { stripAnsi } from '../text.js';

/**
 * Escape text for HTML/SVG content and attribute values. ANSI sequences and
 * control characters (except newline and tab) are removed.
 * @param {unknown} text
 */
export function esc(text) {
  return stripAnsi(text)
    .replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A display number: up to 3 significant decimals, no trailing zeros.
 * @param {unknown} x @param {number} [digits]
 */
export function fmt(x, digits = 3) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '–';
  const abs = Math.abs(x);
  if (abs >= 1000 || Number.isInteger(x)) return String(Math.round(x));
  const d = abs >= 100 ? 1 : abs >= 10 ? 2 : digits;
  return String(Number(x.toFixed(d)));
}

/** Finite numbers only. @param {unknown[]} xs @returns {number[]} */
export function finite(xs) {
  return /** @type {number[]} */ (xs.filter((x) => typeof x === 'number' && Number.isFinite(x)));
}

/**
 * Round tick values covering [lo, hi] (about `count` of them).
 * @param {number} lo @param {number} hi @param {number} [count]
 */
export function ticks(lo, hi, count = 5) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/**
 * @typedef {((v: number) => number) & { domain: [number, number], ticks: (n?: number) => number[] }} Scale
 */

/**
 * A linear scale from [d0, d1] to [r0, r1]; a flat domain is widened.
 * @param {[number, number]} domain @param {[number, number]} range
 * @returns {Scale}
 */
export function linear([d0, d1], [r0, r1]) {
  if (!(d1 > d0)) [d0, d1] = [d0 - (Math.abs(d0) || 1) * 0.5, d0 + (Math.abs(d0) || 1) * 0.5];
  const f = /** @type {Scale} */ ((v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0));
  f.domain = [d0, d1];
  f.ticks = (n = 5) => ticks(d0, d1, n);
  return f;
}

/**
 * A log10 scale (positive values), ticks at 1-2-5 steps.
 * @param {[number, number]} domain @param {[number, number]} range
 * @returns {Scale}
 */
export function log([d0, d1], [r0, r1]) {
  const l0 = Math.log10(Math.max(d0, 1e-6));
  let l1 = Math.log10(Math.max(d1, 1e-6));
  if (!(l1 > l0)) l1 = l0 + 1;
  const f = /** @type {Scale} */ ((v) => r0 + ((Math.log10(Math.max(v, 1e-6)) - l0) / (l1 - l0)) * (r1 - r0));
  f.domain = [10 ** l0, 10 ** l1];
  f.ticks = () => {
    const out = [];
    for (let e = Math.floor(l0); e <= Math.ceil(l1); e++) for (const m of [1, 2, 5]) out.push(m * 10 ** e);
    return out.filter((v) => v >= 10 ** l0 * 0.999 && v <= 10 ** l1 * 1.001).map((v) => Number(v.toPrecision(6)));
  };
  return f;
}

/** Attributes from an object; values escaped, undefined/null/false left out. @param {Record<string, unknown>} attrs */
export function attrs(attrs) {
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${esc(typeof v === 'number' ? r2(v) : v)}"`)
    .join('');
}

/** Round a coordinate to 0.01. @param {number} v */
export function r2(v) {
  return Math.round(v * 100) / 100;
}

/** @param {string} name @param {Record<string, unknown>} a @param {string} [body] */
export function el(name, a, body) {
  return body === undefined ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${body}</${name}>`;
}

/** @param {number} x @param {number} y @param {unknown} str @param {Record<string, unknown>} [a] */
export function text(x, y, str, a = {}) {
  return el('text', { x, y, ...a }, esc(str));
}

/**
 * The outer <svg> element, with an accessible title.
 * @param {{ width: number, height: number, title: string, cls?: string }} o @param {string} body
 */
export function svg({ width, height, title, cls = 'chart' }, body) {
  return `<svg class="${esc(cls)}" viewBox="0 0 ${r2(width)} ${r2(height)}" width="${r2(width)}" height="${r2(height)}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${body}</svg>`;
}

/**
 * A horizontal axis at y with tick labels.
 * @param {Scale} x @param {number} y @param {{ label?: string, format?: (v: number) => string, count?: number, top?: number, values?: number[] }} [o]
 */
export function xAxis(x, y, { label, format = fmt, count = 6, top, values } = {}) {
  const [lo, hi] = x.domain;
  const [a, b] = [x(lo), x(hi)];
  let out = el('line', { x1: a, x2: b, y1: y, y2: y, class: 'axis' });
  for (const v of values ?? x.ticks(count)) {
    const px = x(v);
    if (top !== undefined) out += el('line', { x1: px, x2: px, y1: top, y2: y, class: 'grid' });
    out +=
      el('line', { x1: px, x2: px, y1: y, y2: y + 4, class: 'axis' }) +
      text(px, y + 15, format(v), { class: 'tick', 'text-anchor': 'middle' });
  }
  if (label) out += text(b, y + 30, label, { class: 'label', 'text-anchor': 'end' });
  return out;
}

/**
 * A vertical axis at x with tick labels.
 * @param {Scale} y @param {number} x @param {{ label?: string, format?: (v: number) => string, count?: number, right?: number }} [o]
 */
export function yAxis(y, x, { label, format = fmt, count = 4, right } = {}) {
  const [lo, hi] = y.domain;
  let out = el('line', { x1: x, x2: x, y1: y(lo), y2: y(hi), class: 'axis' });
  for (const v of y.ticks(count)) {
    const py = y(v);
    if (right !== undefined) out += el('line', { x1: x, x2: right, y1: py, y2: py, class: 'grid' });
    out +=
      el('line', { x1: x - 4, x2: x, y1: py, y2: py, class: 'axis' }) +
      text(x - 6, py + 4, format(v), { class: 'tick', 'text-anchor': 'end' });
  }
  if (label) out += text(x + 4, y(hi) - 6, label, { class: 'label' });
  return out;
}

/**
 * Round ratios (×0.5, ×1, ×1.5, ×2, …) as log values inside [lo, hi], at
 * most about `count` of them.
 * @param {number} lo @param {number} hi  log values @param {number} [count]
 */
export function ratioTicks(lo, hi, count = 7) {
  const steps = [0.1, 0.2, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100];
  const inside = steps.map(Math.log).filter((v) => v >= lo - 1e-9 && v <= hi + 1e-9);
  if (inside.length <= count) return inside;
  const every = Math.ceil(inside.length / count);
  return inside.filter((_, i) => i % every === 0);
}

/**
 * A deterministic jitter in [-0.5, 0.5) for the i-th dot (golden ratio sequence).
 * @param {number} i
 */
export function jitter(i) {
  return ((i * 0.6180339887) % 1) - 0.5;
}
