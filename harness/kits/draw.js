// @ts-check
// Draws the harness makes and does not tell a fixture beforehand (crypto.randomInt,
// not Math.random: nothing a fixture can seed or predict).
import { randomInt } from 'node:crypto';

/**
 * The items in an order drawn at random (Fisher–Yates): a new array.
 * @template T
 * @param {readonly T[]} items
 * @returns {T[]}
 */
export function shuffled(items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
