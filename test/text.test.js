// harness/text.js: the one-line rules the record's reasons and every report share.
import { test } from 'node:test';
import { expect } from 'expect';
import { oneLine, stripAnsi } from '../harness/text.js';

test('oneLine: a line break and the whitespace around it become one space; the ends are trimmed', () => {
  expect(oneLine('a \n  b')).toBe('a b');
  expect(oneLine('a\r\n\r\nb')).toBe('a b');
  expect(oneLine('a \t\n\n \u00a0b')).toBe('a b');
  expect(oneLine('\n  first\nsecond  \n')).toBe('first second');
  expect(oneLine('no break')).toBe('no break');
});

test('oneLine: ANSI codes and control characters go, tabs and space runs become one space', () => {
  expect(oneLine('a\x1b[1m\nb\t\tc\x07')).toBe('a b c');
  expect(oneLine('\x1b[31mred\x1b[39m  text')).toBe('red text');
  expect(oneLine('x\x00y\x85z')).toBe('xyz');
});

test('oneLine takes any value through String(); null and undefined are empty', () => {
  expect(oneLine(42)).toBe('42');
  expect(oneLine(new Error('boom\n  at x'))).toBe('Error: boom at x');
  expect(oneLine(null)).toBe('');
  expect(oneLine(undefined)).toBe('');
});

test('stripAnsi removes CSI and OSC sequences only', () => {
  expect(stripAnsi('\x1b]8;;https://x\x07link\x1b]8;;\x07 \x1b[2Kdone')).toBe('link done');
  expect(stripAnsi(undefined)).toBe('');
});
