/**
 * @module catalogue/types — the node-definition format (spec 000 §3 "Node definition",
 * "Input field") and the executor contract. Definitions are pure data: the editor
 * imports them.
 */
import type { NodeResult } from '../actors/types.ts';
import type { NodeIcon } from './icon-names.ts';
import type { NodeServiceName, ServicesOf } from './services/index.ts';
import type { OutboundClient } from './outbound.ts';
import type { ServiceName } from './service-urls.ts';
import type { ProgressDetail } from '../contract/run-events.ts';

export type NodeStatus = 'Enabled' | 'Restricted' | 'Disabled';
export type NodeKind =
  | 'dynamicNode'
  | 'conditionNode'
  | 'triggerNode'
  | 'responseNode'
  | 'forLoopNode'
  | 'forLoopEndNode'
  | 'agentNode'
  | 'agentClassifierNode';
export type Category = 'Interface' | 'App' | 'AI' | 'Data' | 'Logic' | 'Response' | 'Widget';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'template'
  | 'data'
  | 'number'
  | 'boolean'
  | 'select'
  | 'multiSelect'
  | 'json'
  | 'code'
  | 'list'
  | 'mapping'
  | 'conditions'
  | 'branches'
  | 'agentPaths'
  | 'credential'
  | 'flow';

export interface FieldOption {
  label: string;
  value: string;
}

/** One input field (spec 000 §3 "Input field"). */
export interface InputField {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  defaultValue?: unknown;
  /**
   * what a node added in the studio starts with, where the spec gives the form another default
   * than the run (the crawl limit: 10 in the form, 10000 in the payload); `defaultValue` is the run's
   */
  formDefault?: unknown;
  description?: string;
  placeholder?: string;
  minValue?: number;
  maxValue?: number;
  step?: number;
  values?: readonly FieldOption[];
  /** shown only when the field named `actionField` holds `actionValue` */
  actionField?: string;
  actionValue?: unknown;
  isPrivate?: boolean;
  isPro?: boolean;
  isCredential?: boolean;
  /**
   * the editor offers choices it loads from the server: `mcpTools`, the tool names of the MCP
   * server the node's `credentials` field names (GET /api/projects/:id/mcp-servers/:name/tools)
   */
  optionsFrom?: 'mcpTools';
  /**
   * spec 002 §2 `typeOptions.loadOptionsMethod`: a dropdown whose choices a server-side loader
   * answers (catalogue/option-loaders.ts) from the form's current values
   */
  loadOptionsMethod?: string;
  /** the value is taken literally: `{{…}}` inside it is not resolved (code) */
  literal?: boolean;
  /** the spec's own text for this field when it is required and empty (else '<Label> is required') */
  requiredMessage?: string;
  /**
   * a model field: which kind of model it takes; when empty the run uses the project's default
   * model of that kind (or fails with 'Default model not found!'), which the form says
   */
  modelType?: 'text' | 'embedding' | 'image';
  /** the spec's own text for a value of the wrong type or out of bounds or choices (else the check's, naming the label); `{value}` in it is replaced by the value */
  invalidMessage?: string;
}

export interface OutputField {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'any';
  description?: string;
}

/** What a node's call out of weft does (NodeDefinition.sideEffects). */
export type SideEffectKind = 'http' | 'app' | 'mail' | 'messaging' | 'database' | 'flow';

export interface NodeDefinition {
  name: string;
  label: string;
  type: NodeKind;
  category: Category;
  status: NodeStatus;
  description: string;
  /** the name of one of weft's icons (catalogue/icon-names.ts), drawn by the editor as an SVG */
  icon: NodeIcon;
  docs: string;
  inputs: readonly InputField[];
  outputs: readonly OutputField[];
  /**
   * The output holds only the declared `outputs` (and `error` under On error: continue), so a
   * template reading any other field of it is marked before a run (catalogue/template-checks.ts).
   * Left out where the output is open (an API's answer, a webhook's body, code's result).
   * It is also the shape of the node's pinned output: a pin outside it is warned of on save
   * (catalogue/pinned-shape.ts).
   */
  closedOutputs?: boolean;
  triggerInputs?: readonly InputField[];
  triggerOutputs?: readonly OutputField[];
  isTrigger?: boolean;
  isIntegration?: boolean;
  isDataSource?: boolean;
  isWidget?: boolean;
  integrationId?: number;
  authTypes?: readonly string[];
  /**
   * The executor computes its output from its values and the outputs it reads, and does nothing
   * else: no call out, no effect, no wait, no progress, quick. The engine may then run the node
   * ahead, right after the node before it and before that one's finish is stored, and store both
   * finishes in one step (ARCHITECTURE.md "Running ahead"); if that step does not happen, the
   * node simply runs again.
   */
  pure?: boolean;
  /**
   * The runtime services the executor uses, by name (catalogue/services/index.ts), e.g.
   * `['postgres']`: its context's `services` holds exactly these, typed. Declare it `as const`
   * (the definition is) so the executor's context is typed from it.
   */
  services?: readonly NodeServiceName[];
  /**
   * The node calls out of weft, so running it again repeats what it did there: `http` (an API
   * request), `app` (an app's API: pages, tools), `mail` (mail and SMTP), `messaging` (chat, SMS,
   * calls), `database` (writes, or may, by its operation), `flow` (runs another flow). The studio
   * lists these before a re-run (docs/debugging.md, the re-run plan). Never on a `pure` node.
   */
  sideEffects?: SideEffectKind;
  /** a trigger's paired response node (by name) */
  responseNode?: string;
  /**
   * Output handles. Fixed handles are listed; `fromField` makes one handle a row of that
   * field (conditions → their labels, branches and agentPaths → their names), the way router nodes route.
   */
  handles?: { fixed?: readonly string[]; fromField?: string; extra?: readonly string[] };
  /** `tags` are also the palette search's synonyms ('if' finds Condition) */
  metadata?: { author?: string; description?: string; tags?: readonly string[]; features?: readonly string[] };
}

/**
 * What the runtime hands an executor; injected, never imported. `S`: the services its
 * definition declares (`services`), which `services` holds, typed; a node declaring none has
 * `services: {}`.
 */
export interface NodeContext<S extends NodeServiceName = never> {
  runId: string;
  flowId: string;
  projectId: string;
  nodeId: string;
  /** the actor's identity: `nodeId` or `nodeId#iteration`; stable across crash re-runs */
  idempotencyKey: string;
  iteration?: number;
  /** 1 on the first attempt, then 2, 3… under node-level retries */
  attempt: number;
  mode: 'test' | 'production';
  /** the trigger's input (the request body for a webhook) */
  input: unknown;
  /** outputs visible to this actor, by node id (templates are already resolved in values) */
  outputs: Record<string, unknown>;
  signal: AbortSignal;
  /** await `wait` (a wait for a scarce slot, as the code sandbox's) with the activation's worker slot free to other work meanwhile; absent: just await it */
  offSlot?<T>(wait: () => Promise<T>): Promise<T>;
  /**
   * emit a `node.progress` event; `{ text }` adds a chunk of generated text to it (AI nodes
   * stream their answer so; the chat widget shows the chunks as they come); `{ done, total }`
   * counts long work (pages crawled of pages found, rows read), which the studio draws as a bar
   */
  progress(message: string, detail?: ProgressDetail): Promise<void>;
  /**
   * The base URL of a public service this node calls (catalogue/service-urls.ts): its public
   * address unless the operator points it elsewhere (WEFT_SERVICE_URL_<NAME>, e.g. a test's
   * loopback server speaking that API). No trailing slash.
   */
  serviceUrl(name: ServiceName): string;
  /**
   * The operator's API key of the tool-execution service (WEFT_TOOL_SERVICE_API_KEY), sent as
   * `x-api-key` by the mail, table database and notes workspace nodes (catalogue/app/tool-service/);
   * unset when the operator has none. Never put it into an output.
   */
  toolServiceKey?: string;
  /** start another flow of the project as a child run of this one; resolves to its run id */
  startChildRun(flowId: string, input: unknown): Promise<string>;
  /**
   * The project's credentials, by name: `get(name)` resolves to the credential's fields,
   * decrypted, or throws 'No credentials found for {name}'. The only way an executor reaches
   * a secret: never put what it returns into an output, a progress message or an error.
   */
  credentials: CredentialReader;
  /**
   * The one way to call another server (catalogue/outbound.ts): sends this actor's
   * Idempotency-Key, refuses private and metadata addresses unless the operator allows them,
   * and has connect and total timeouts and an answer size limit. Never call fetch directly.
   */
  http: OutboundClient;
  /** the services the definition declares, by name (catalogue/services/index.ts) */
  services: ServicesOf<S>;
}

export interface CredentialReader {
  get(name: string): Promise<Record<string, unknown>>;
}

export type Values = Record<string, unknown>;
/**
 * What the runtime calls with a node's resolved values (and the placeholders that resolved to
 * nothing, so a required field left empty by one fails naming it). `defineNode` (define-node.ts)
 * builds it: it checks the values against the definition, then calls the node's typed executor.
 */
export type Executor = (values: Values, ctx: NodeContext, unresolved?: Unresolved) => Promise<NodeResult>;

/** A placeholder that resolved to nothing (missing, null or empty), and why, for naming it in a failure. */
export interface TemplateMiss {
  /** as written, e.g. `{{trigger.output.message}}` */
  placeholder: string;
  /** e.g. `trigger has no output field 'message'` */
  reason: string;
}

/**
 * By field name: the first placeholder in the field's value that resolved to nothing; and by
 * path (`mapping.1.value`: field, then keys and indexes) the first of each string inside a list
 * or object, where a node checking the items can find it.
 */
export type Unresolved = Record<string, TemplateMiss>;

/** A catalogue entry (server side): the definition and its checked executor, from `defineNode`. */
export interface CatalogueNode {
  definition: NodeDefinition;
  run: Executor;
}
