/**
 * @module catalogue/ai/bm25-fields — which properties a BM25 search reads and their weights,
 * as Weaviate's BM25F takes them: `properties` restricts the search to the named properties,
 * each optionally weighted as `name^weight` (`title^2`); `boostProperties` weights properties
 * (`name^weight`) without restricting the search — with `properties` given, a boosted property
 * must be one of them (a property weighted in both gets the product). A weight multiplies the property's term frequencies (BM25F); the length
 * of a record is the sum of its searched properties' lengths.
 */
import { userError } from '../errors.ts';

export interface Bm25Field {
  name: string;
  weight: number;
}

export interface Bm25Fields {
  /** true: only `fields` are searched; false: every text property (weight 1 unless in `fields`) */
  restricted: boolean;
  fields: Bm25Field[];
}

export const ALL_PROPERTIES: Bm25Fields = { restricted: false, fields: [] };

export const propertiesNotAList = (label: string) => `${label} must be a list of property names, like ["title^2", "text"]`;
export const invalidProperty = (label: string, entry: string) =>
  `${label}: invalid entry "${entry}" — write a property name, optionally followed by ^ and a positive weight, like title^2`;
export const boostNeedsWeight = (name: string) => `Boost properties: "${name}" needs a weight, like ${name}^2`;
export const boostNotSearched = (name: string) => `Boost properties: "${name}" is not one of the searched properties`;
export const propertyTwice = (label: string, name: string) => `${label}: "${name}" is named twice`;

/** A list given as an array, a JSON array text or a comma-separated text; empty → []. */
function entriesOf(value: unknown, label: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  let list = value;
  if (typeof list === 'string') {
    const text = list.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        throw userError(propertiesNotAList(label));
      }
    } else list = text === '' ? [] : text.split(',');
  }
  if (!Array.isArray(list) || list.some((entry) => typeof entry !== 'string')) throw userError(propertiesNotAList(label));
  return list.map((entry: string) => entry.trim()).filter((entry) => entry !== '');
}

/** `title^2` → {title, 2}; `title` → {title, weight: undefined}. */
function parseEntry(entry: string, label: string): { name: string; weight?: number } {
  const at = entry.indexOf('^');
  const name = (at < 0 ? entry : entry.slice(0, at)).trim();
  if (name === '') throw userError(invalidProperty(label, entry));
  if (at < 0) return { name };
  const text = entry.slice(at + 1).trim();
  const weight = Number(text);
  if (text === '' || !Number.isFinite(weight) || weight <= 0) throw userError(invalidProperty(label, entry));
  return { name, weight };
}

function parseList(value: unknown, label: string): { name: string; weight?: number }[] {
  const seen = new Set<string>();
  return entriesOf(value, label).map((entry) => {
    const parsed = parseEntry(entry, label);
    if (seen.has(parsed.name)) throw userError(propertyTwice(label, parsed.name));
    seen.add(parsed.name);
    return parsed;
  });
}

/** The searched properties and their weights from the nodes' `properties` and `boostProperties`. */
export function bm25Fields(properties: unknown, boostProperties?: unknown): Bm25Fields {
  const searched = parseList(properties, 'Properties');
  const boosts = parseList(boostProperties, 'Boost properties');
  const weights = new Map<string, number>(searched.map((p) => [p.name, p.weight ?? 1]));
  for (const boost of boosts) {
    if (boost.weight === undefined) throw userError(boostNeedsWeight(boost.name));
    if (searched.length > 0 && !weights.has(boost.name)) throw userError(boostNotSearched(boost.name));
    weights.set(boost.name, (weights.get(boost.name) ?? 1) * boost.weight);
  }
  return { restricted: searched.length > 0, fields: [...weights].map(([name, weight]) => ({ name, weight })) };
}
