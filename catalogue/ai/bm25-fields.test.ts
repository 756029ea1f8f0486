import { describe, expect, it } from 'vitest';
import { ALL_PROPERTIES, bm25Fields } from './bm25-fields.ts';

describe('bm25Fields', () => {
  it('empty lists search every text property with weight 1', () => {
    expect(bm25Fields(undefined, undefined)).toEqual(ALL_PROPERTIES);
    expect(bm25Fields([], '')).toEqual(ALL_PROPERTIES);
  });

  it('properties restrict the search, name^weight weights one (lists, JSON text or comma-separated text)', () => {
    const expected = { restricted: true, fields: [{ name: 'title', weight: 2 }, { name: 'body', weight: 1 }] };
    expect(bm25Fields(['title^2', 'body'])).toEqual(expected);
    expect(bm25Fields('["title^2", "body"]')).toEqual(expected);
    expect(bm25Fields(' title ^ 2 , body ')).toEqual(expected);
    expect(bm25Fields(['text^0.5'])).toEqual({ restricted: true, fields: [{ name: 'text', weight: 0.5 }] });
  });

  it('boostProperties weight without restricting; with properties they multiply the property’s own weight', () => {
    expect(bm25Fields([], ['title^3'])).toEqual({ restricted: false, fields: [{ name: 'title', weight: 3 }] });
    expect(bm25Fields(['title^2', 'body'], ['title^3'])).toEqual({ restricted: true, fields: [{ name: 'title', weight: 6 }, { name: 'body', weight: 1 }] });
  });

  it('refuses bad input with clear errors', () => {
    expect(() => bm25Fields({ title: 2 })).toThrow('Properties must be a list of property names, like ["title^2", "text"]');
    expect(() => bm25Fields('[1, 2]')).toThrow('Properties must be a list of property names');
    expect(() => bm25Fields('[title')).toThrow('Properties must be a list of property names');
    expect(() => bm25Fields(['title^'])).toThrow('Properties: invalid entry "title^" — write a property name, optionally followed by ^ and a positive weight, like title^2');
    for (const bad of ['title^0', 'title^-1', 'title^x', '^2']) expect(() => bm25Fields([bad])).toThrow(`Properties: invalid entry "${bad}"`);
    expect(() => bm25Fields(['title', 'title^2'])).toThrow('Properties: "title" is named twice');
    expect(() => bm25Fields([], ['title'])).toThrow('Boost properties: "title" needs a weight, like title^2');
    expect(() => bm25Fields(['body'], ['title^2'])).toThrow('Boost properties: "title" is not one of the searched properties');
    expect(() => bm25Fields([], 'title^2x')).toThrow('Boost properties: invalid entry "title^2x"');
  });
});
