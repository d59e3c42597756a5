import { describe, expect, it } from 'vitest';
import type { Article } from '../../domain/types';
import type { EditorLine } from './types';
import {
  addArticleLine,
  addBlankLine,
  duplicateLine,
  moveLine,
  moveLineTo,
  removeLine,
  setLineStatus,
  updateLine,
  withLineIds,
} from './line-ops';

const croissant: Article = {
  code: 'BOU002',
  type: 'Standard',
  designation: 'Croissant',
  label: 'Croissant pur beurre',
  salesAccount: '706000',
  unitMeasurement: { label: 'pièce' },
  unitPriceHT: 1.104,
  vatRate: 5.5,
  ttc: 1.16,
  typePurchaseSale: 'Vente',
};

describe('lines table', () => {
  it('a catalogue article is reduced to code, unit, price (2 decimals) and VAT; its label is the article’s', () => {
    const [line] = addArticleLine([], croissant);
    expect(line).toMatchObject({
      code: 'BOU002',
      type: 'Standard',
      label: 'Croissant pur beurre',
      quantity: 1,
      unitMeasurement: 'pièce',
      unitPrice: 1.1,
      vatRate: 5.5,
      salesAccount: '',
      status: 'edit',
    });
    expect(addArticleLine([], { ...croissant, label: '' })[0].label).toBe('Croissant');
    expect(addArticleLine([], { ...croissant, type: 'Commentaire', label: 'Livraison offerte' })[0]).toMatchObject({
      code: 'CC',
      type: 'Commentaire',
      label: 'Livraison offerte',
      unitPrice: 0,
    });
  });

  it('free, comment (CC) and spacer (ES) lines; one line in edit state at a time', () => {
    let lines = addBlankLine([], 'standard');
    lines = addBlankLine(lines, 'comment');
    lines = addBlankLine(lines, 'spacer');
    expect(lines.map((l) => [l.code, l.type, l.status])).toEqual([
      ['00', 'Standard', 'read'],
      ['CC', 'Commentaire', 'read'],
      ['ES', 'Commentaire', 'edit'],
    ]);
    lines = setLineStatus(lines, lines[0].id, 'edit');
    expect(lines.map((l) => l.status)).toEqual(['edit', 'read', 'read']);
    expect(new Set(lines.map((l) => l.id)).size).toBe(3);
  });

  it('editing recomputes the line total; move and remove', () => {
    let lines = addArticleLine(addBlankLine([], 'comment'), croissant);
    lines = updateLine(lines, lines[1].id, { quantity: 12 });
    expect(lines[1].total).toBe(13.2);
    const [a, b] = lines;
    expect(moveLine(lines, b.id, -1).map((l) => l.id)).toEqual([b.id, a.id]);
    expect(moveLine(lines, a.id, -1).map((l) => l.id)).toEqual([a.id, b.id]);
    expect(moveLine(lines, b.id, 1).map((l) => l.id)).toEqual([a.id, b.id]);
    expect(removeLine(lines, a.id).map((l) => l.id)).toEqual([b.id]);
  });

  it('a line moves to a position in one step; a position past an end stops there', () => {
    const lines: EditorLine[] = ['a', 'b', 'c', 'd'].map((label) => ({
      ...addBlankLine([], 'standard')[0],
      label,
      status: 'read',
    }));
    const order = (ls: EditorLine[]) => ls.map((l) => l.label).join('');
    expect(order(moveLineTo(lines, lines[3].id, 2))).toBe('adbc');
    expect(order(moveLineTo(lines, lines[0].id, 3))).toBe('bcad');
    expect(order(moveLineTo(lines, lines[1].id, 0))).toBe('bacd');
    expect(order(moveLineTo(lines, lines[1].id, 99))).toBe('acdb');
    expect(order(moveLineTo(lines, 'inconnue', 1))).toBe('abcd');
  });

  it('a duplicate comes right below, with its own id, opened for editing; the line edited before closes', () => {
    let lines = addArticleLine(addBlankLine([], 'comment'), croissant);
    lines = updateLine(lines, lines[1].id, { quantity: 12 });
    lines = setLineStatus(lines, lines[0].id, 'edit');
    const next = duplicateLine(lines, lines[1].id);
    expect(next).toHaveLength(3);
    expect(next[2]).toMatchObject({ code: 'BOU002', label: 'Croissant pur beurre', quantity: 12, total: 13.2 });
    expect(next[2].id).not.toBe(lines[1].id);
    expect(next.map((l) => l.status)).toEqual(['read', 'read', 'edit']);
  });

  it('lines read from the server keep their ids, duplicates or blanks get new ones, all read-only', () => {
    const base = {
      code: '00',
      type: 'Standard' as const,
      label: '',
      quantity: 1,
      unitMeasurement: '',
      unitPrice: 1,
      salesAccount: '',
      vatRate: 0,
    };
    const lines = withLineIds([{ ...base, id: 'l1', status: 'edit' }, { ...base, id: 'l1' }, { ...base }]);
    expect(lines[0].id).toBe('l1');
    expect(new Set(lines.map((l) => l.id)).size).toBe(3);
    expect(lines.every((l) => l.status === 'read')).toBe(true);
  });
});
