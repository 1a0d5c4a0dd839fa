import { describe, expect, it } from 'vitest';
import { collapseUnchanged, hasChanges, lineDiff } from './lineDiff';

const kinds = (loaded: string, edited: string) =>
  lineDiff(loaded, edited).map((line) => `${{ same: ' ', added: '+', removed: '-' }[line.kind]}${line.text}`);

describe('lineDiff', () => {
  it.each([
    ['identical texts', 'a\nb', 'a\nb', [' a', ' b']],
    ['a changed line', 'a\nb\nc', 'a\nB\nc', [' a', '-b', '+B', ' c']],
    ['an added line', 'a\nc', 'a\nb\nc', [' a', '+b', ' c']],
    ['a removed line', 'a\nb\nc', 'a\nc', [' a', '-b', ' c']],
    ['from nothing', '', 'a\nb', ['+a', '+b']],
    ['to nothing', 'a', '', ['-a']],
    ['a moved line', 'a\nb\nc\nd', 'a\nc\nd\nb', [' a', '-b', ' c', ' d', '+b']],
    ['Windows line ends read as lines', 'a\r\nb', 'a\nb', [' a', ' b']],
  ])('%s', (_case, loaded, edited, expected) => {
    expect(kinds(loaded, edited)).toEqual(expected);
  });

  it('numbers each line in the text it belongs to', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\ny\nc')).toEqual([
      { kind: 'same', text: 'a', before: 1, after: 1 },
      { kind: 'removed', text: 'b', before: 2, after: null },
      { kind: 'added', text: 'x', before: null, after: 2 },
      { kind: 'added', text: 'y', before: null, after: 3 },
      { kind: 'same', text: 'c', before: 3, after: 4 },
    ]);
  });

  it('tells whether anything changed', () => {
    expect(hasChanges(lineDiff('a', 'a'))).toBe(false);
    expect(hasChanges(lineDiff('a', 'b'))).toBe(true);
  });

  it('handles a long ticket with one change without a quadratic table', () => {
    const loaded = Array.from({ length: 50_000 }, (_, index) => `<Line n="${index}"/>`).join('\n');
    const edited = loaded.replace('<Line n="25000"/>', '<Line n="changed"/>');
    const changes = lineDiff(loaded, edited).filter((line) => line.kind !== 'same');
    expect(changes.map((line) => line.text)).toEqual(['<Line n="25000"/>', '<Line n="changed"/>']);
  });
});

describe('collapseUnchanged', () => {
  it('keeps the context around each change and collapses the rest', () => {
    const loaded = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n');
    const edited = loaded.replace('line 10', 'line ten');
    const shown = collapseUnchanged(lineDiff(loaded, edited), 2);
    expect(shown.map((line) => (line.kind === 'skipped' ? `…${line.count}` : line.text))).toEqual([
      '…7',
      'line 8',
      'line 9',
      'line 10',
      'line ten',
      'line 11',
      'line 12',
      '…8',
    ]);
  });

  it('shows nothing but one skipped run when nothing changed', () => {
    expect(collapseUnchanged(lineDiff('a\nb', 'a\nb'))).toEqual([{ kind: 'skipped', count: 2 }]);
  });
});
