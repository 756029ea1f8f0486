/**
 * @module runtime/integrations/n8n-import/map-apps — Slack (post a message: weft's Team chat message), Gmail
 * (send, draft, get many: weft's Mail) and Postgres (execute a query, select, insert: weft's
 * Postgres query, values bound as $1, $2… since weft never splices templates into SQL).
 */
import { field, locatorValue, rows, type MapContext, type NodeMapper } from './mapper-types.ts';

export const slack: NodeMapper = {
  map(ctx) {
    const p = ctx.node.parameters;
    const resource = String(p.resource ?? 'message');
    const operation = String(p.operation ?? 'post');
    if (resource !== 'message' || operation !== 'post') {
      ctx.problem(`Slack ${resource} ${operation} has no weft counterpart (weft posts messages)`);
      return null;
    }
    const channel = ctx.node.typeVersion >= 2 ? (p.select === 'user' ? locatorValue(p.user) : locatorValue(p.channelId)) : p.channel;
    if (p.select === 'user') ctx.problem('n8n wrote to a user; weft posts to a channel (a user’s id works as a direct-message channel)', 'channel_name');
    if (p.messageType === 'block' || p.blocksUi) ctx.problem('the Slack blocks were not imported; weft posts the text', 'text');
    return {
      type: 'slackNode',
      values: { nodeName: ctx.node.name, credentials: ctx.credential('credentials', 'Team chat (OAuth)') ?? '', action: 'postMessage', channel_name: ctx.text(channel, 'channel_name'), text: ctx.text(p.text, 'text') },
    };
  },
};

/** a Gmail address list: a list of addresses (v1) or addresses separated by commas */
const addresses = (ctx: MapContext, raw: unknown, name: string) => (Array.isArray(raw) ? raw.map((a) => ctx.text(a, name)).join(', ') : ctx.text(raw, name));

export const gmail: NodeMapper = {
  map(ctx) {
    const p = ctx.node.parameters;
    const resource = String(p.resource ?? 'message');
    const operation = String(p.operation ?? (resource === 'draft' ? 'create' : 'send'));
    const base = { nodeName: ctx.node.name, credentials: ctx.credential('credentials', 'Mail service (OAuth)') ?? '' };
    const options = p.options ?? p.additionalFields;
    if (resource === 'message' && operation === 'getAll') {
      const filters = p.filters;
      if (field(filters, 'q') || field(filters, 'labelIds')) ctx.problem('the search query and labels were not imported; weft filters by sender and recipient', 'from_user');
      return { type: 'mailNode', values: { ...base, action: 'fetchEmails', max_results: Number(p.limit ?? 10) || 10, from_user: ctx.text(field(filters, 'sender'), 'from_user') } };
    }
    const composing = (resource === 'message' && operation === 'send') || (resource === 'draft' && operation === 'create');
    if (!composing) {
      ctx.problem(`Gmail ${resource} ${operation} has no weft counterpart (weft sends, drafts and fetches mail)`);
      return null;
    }
    const to = resource === 'draft' ? field(options, 'sendTo') : (p.sendTo ?? p.toList);
    const html = p.emailType === 'html' || (ctx.node.typeVersion < 2 && p.htmlMessage !== undefined);
    return {
      type: 'mailNode',
      values: {
        ...base,
        action: resource === 'draft' ? 'createEmailDraft' : 'sendEmail',
        recipient_email: addresses(ctx, to, 'recipient_email'),
        cc: addresses(ctx, field(options, 'ccList') ?? p.ccList, 'cc'),
        bcc: addresses(ctx, field(options, 'bccList') ?? p.bccList, 'bcc'),
        subject: ctx.text(p.subject, 'subject'),
        body: ctx.text(p.message ?? p.htmlMessage, 'body'),
        is_html: html,
      },
    };
  },
  // weft's Mail answers {data, successful}: n8n's message fields are inside data
  json: (path) => ({ path: ['data', ...path] }),
};

const quoted = (name: unknown) => String(name ?? '').split('.').map((part) => `"${part.replace(/"/g, '""')}"`).join('.');

/** SQL with its {{ }} values as parameters ($n), counted on from `parameters`. */
function parameterize(ctx: MapContext, sql: string, parameters: unknown[]): string {
  if (!sql.startsWith('=')) return sql;
  // a value n8n spliced in quotes ('{{ … }}') is one parameter, quotes and all
  return sql.slice(1).replace(/'?\{\{([\s\S]*?)\}\}'?/g, (whole, code: string) => {
    parameters.push(ctx.value(`={{${code}}}`, 'parameters'));
    return `$${parameters.length}`;
  });
}

/** n8n's "Query Parameters": values separated by commas, each usually an expression. */
function replacements(ctx: MapContext, raw: unknown): unknown[] {
  if (raw === undefined || raw === '') return [];
  if (Array.isArray(raw)) return raw.map((v) => ctx.value(v, 'parameters'));
  const text = String(raw);
  const expression = text.startsWith('=');
  return (expression ? text.slice(1) : text).split(/,(?![^{]*\}\})/).map((part) => ctx.value(expression ? `=${part.trim()}` : part.trim(), 'parameters'));
}

const WHERE_OPERATORS: Record<string, string> = { equal: '=', '!=': '!=', like: 'LIKE', '>': '>', '<': '<', '>=': '>=', '<=': '<=' };

export const postgres: NodeMapper = {
  map(ctx) {
    const p = ctx.node.parameters;
    const operation = String(p.operation ?? 'insert');
    const base = { credentials: ctx.credential('credentials', 'Postgres') ?? '', action: 'runQuery' };
    const table = `${p.schema !== undefined ? `${quoted(locatorValue(p.schema) ?? 'public')}.` : ''}${quoted(locatorValue(p.table))}`;
    const parameters: unknown[] = [];
    let query = '';
    if (operation === 'executeQuery') {
      parameters.push(...replacements(ctx, field(p.options, 'queryReplacement') ?? field(p.additionalFields, 'queryParams')));
      query = parameterize(ctx, String(p.query ?? ''), parameters);
    } else if (operation === 'select') {
      const where = rows(field(p.where, 'values')).map((w) => {
        const operator = WHERE_OPERATORS[String(w.condition ?? 'equal')];
        if (!operator) ctx.problem(`the condition “${String(w.condition)}” on ${String(w.column)} was imported as =`, 'query');
        parameters.push(ctx.value(w.value, 'parameters'));
        return `${quoted(w.column)} ${operator ?? '='} $${parameters.length}`;
      });
      const limit = p.returnAll === true ? '' : ` LIMIT ${Number(p.limit ?? 50) || 50}`;
      query = `SELECT * FROM ${table}${where.length ? ` WHERE ${where.join(field(p, 'combineConditions') === 'OR' ? ' OR ' : ' AND ')}` : ''}${limit}`;
    } else if (operation === 'insert' && field(p.columns, 'mappingMode') === 'defineBelow') {
      const columns = Object.entries((field(p.columns, 'value') ?? {}) as Record<string, unknown>);
      for (const [, value] of columns) parameters.push(ctx.value(value, 'parameters'));
      query = `INSERT INTO ${table} (${columns.map(([c]) => quoted(c)).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`;
    } else {
      ctx.problem(`the Postgres operation “${operation}”${operation === 'insert' ? ' with columns mapped automatically' : ''} was not imported: write its SQL in Query`, 'query');
    }
    return { type: 'postgresNode', values: { ...base, query, ...(parameters.length ? { parameters } : {}) } };
  },
  // n8n hands on one item a row; weft answers them all in queryResult
  json: (path) => ({ path: ['queryResult', '0', ...path] }),
  items: ['queryResult'],
};
