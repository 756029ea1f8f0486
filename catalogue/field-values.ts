/**
 * @module catalogue/field-values — the type of a node's checked values, read from its
 * definition (declared `as const satisfies NodeDefinition`, so names and choices stay literal):
 * an executor gets `NodeValues<typeof definition>` and never casts. Types only.
 */
import type { AgentPath, Condition, MappingRow } from './field-shapes.ts';
import type { InputField, NodeDefinition } from './types.ts';

/** A select's choices, as literals when the definition spells them out. */
type ChoiceOf<F> = F extends { values: readonly (infer O)[] } ? (O extends { value: infer V extends string } ? V : string) : string;

/** One field's value after the checks (catalogue/values.ts `checkValues` coerces to exactly these). */
export type FieldValue<F extends InputField> = F['type'] extends 'number'
  ? number
  : F['type'] extends 'boolean'
    ? boolean
    : F['type'] extends 'select'
      ? ChoiceOf<F>
      : F['type'] extends 'multiSelect'
        ? ChoiceOf<F>[]
        : F['type'] extends 'list'
          ? unknown[]
          : F['type'] extends 'branches'
            ? string[]
            : F['type'] extends 'agentPaths'
              ? AgentPath[]
            : F['type'] extends 'conditions'
              ? Condition[]
              : F['type'] extends 'mapping'
                ? F extends { values: readonly unknown[] }
                  ? MappingRow[]
                  : MappingRow[] | Record<string, unknown>
                : F['type'] extends 'json' | 'data'
                  ? unknown
                  : string;

/** Required or defaulted: present whenever the field is shown. */
type IsGiven<F> = F extends { required: true } ? true : F extends { defaultValue: {} } ? true : false;

type FieldsOf<D extends NodeDefinition> = D['inputs'][number];
type Plain<D extends NodeDefinition> = Exclude<FieldsOf<D>, { actionField: string }>;
type Conditional<D extends NodeDefinition> = Extract<FieldsOf<D>, { actionField: string }>;
/** The one field the conditional fields depend on (never when none, or when several are involved). */
type Controller<D extends NodeDefinition> = IsOne<Conditional<D>['actionField']>;
type IsOne<K> = [K] extends [never] ? never : IsUnion<K> extends true ? never : K;
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/** Whether field F is shown while its controller holds C. */
type ShownWhen<F, C> = F extends { actionValue: infer V } ? (C extends (V extends readonly unknown[] ? V[number] : V) ? true : false) : true;

type Present<Fs extends InputField> = { readonly [F in Fs as IsGiven<F> extends true ? F['name'] : never]: FieldValue<F> };
type Optional<Fs extends InputField> = { readonly [F in Fs as IsGiven<F> extends true ? never : F['name']]?: FieldValue<F> };

/** The values while the controller holds C: the fields it shows, as usual; those it hides, absent. */
type Variant<D extends NodeDefinition, K extends string, C> = { readonly [P in K]: C } & Present<Shown<D, C>> &
  Optional<Shown<D, C>> & { readonly [F in Exclude<Conditional<D>, Shown<D, C>> as F['name']]?: never };
type Shown<D extends NodeDefinition, C> = Extract<Conditional<D>, ShownFilter<Conditional<D>, C>>;
type ShownFilter<F, C> = F extends unknown ? (ShownWhen<F, C> extends true ? F : never) : never;
type ChoicesOf<D extends NodeDefinition, K> = FieldValue<Extract<FieldsOf<D>, { name: K }>>;

/**
 * A node's checked values. Fields hidden by `actionField`/`actionValue` are absent: when they
 * all depend on one field, the type is a union over that field's choices, so testing it
 * (`values.iterateOver === 'list'`) narrows to the fields shown then; otherwise they are optional.
 */
export type FieldValues<D extends NodeDefinition> = [Controller<D>] extends [never]
  ? Present<Plain<D>> & Optional<Plain<D>> & Optional<Conditional<D>>
  : Present<Exclude<Plain<D>, { name: Controller<D> }>> &
      Optional<Exclude<Plain<D>, { name: Controller<D> }>> &
      (ChoicesOf<D, Controller<D>> extends infer C ? (C extends unknown ? Variant<D, Controller<D> & string, C> : never) : never);

/** Values the engine or runtime adds to a node's own (not fields of any definition). */
export interface EngineValues {
  /** a Loop End's gathered iterations (actors/loop-steps.ts) */
  readonly loopOutput?: unknown;
  /** 'async' on the GraphQL response node of an async run (graphql-response-node/async-values.ts) */
  readonly responeType?: unknown;
}

export type NodeValues<D extends NodeDefinition> = FieldValues<D> & EngineValues;
