import { describe, expect, it } from 'vitest';
import { storedValue } from './storage.ts';

const isNumberList = (raw: unknown) =>
  Array.isArray(raw) && raw.every((n) => typeof n === 'number') ? raw : undefined;

describe('storedValue', () => {
  it('writes JSON under a tern.-prefixed key and reads it back', () => {
    const slot = storedValue('numbers', isNumberList);
    slot.write([1, 2]);
    expect(window.localStorage.getItem('tern.numbers')).toBe('[1,2]');
    expect(slot.read()).toEqual([1, 2]);
  });

  it('reads a value of the wrong shape or broken JSON as absent', () => {
    const slot = storedValue('numbers', isNumberList);
    window.localStorage.setItem('tern.numbers', '["a"]');
    expect(slot.read()).toBeUndefined();
    window.localStorage.setItem('tern.numbers', '{not json');
    expect(slot.read()).toBeUndefined();
  });

  it('uses the storage area it is given and removes its key', () => {
    const slot = storedValue('numbers', isNumberList, () => window.sessionStorage);
    slot.write([3]);
    expect(window.sessionStorage.getItem('tern.numbers')).toBe('[3]');
    expect(window.localStorage.getItem('tern.numbers')).toBeNull();
    slot.remove();
    expect(slot.read()).toBeUndefined();
  });

  it('keeps the value in memory when the browser refuses access (a framed widget)', () => {
    const broken = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const slot = storedValue('numbers', isNumberList, broken);
    expect(slot.read()).toBeUndefined();
    expect(() => slot.write([1])).not.toThrow();
    expect(slot.read()).toEqual([1]);
    expect(window.localStorage.getItem('tern.numbers')).toBeNull();
    slot.remove();
    expect(slot.read()).toBeUndefined();
  });
});
