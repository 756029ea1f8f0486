/**
 * @module catalogue/ai/agent-classifier-node/run — the model reads the agent paths (names and
 * descriptions) and answers `{"agent": "<name>"}` (catalogue/ai/pick-one.ts: matched loosely,
 * sent back when it names no path). The chosen path is the route.
 */
import { defineNode } from '../../define-node.ts';
import { agentPathHandles } from '../../field-shapes.ts';
import { buildMessages } from '../chat-input.ts';
import { pickOne } from '../pick-one.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const names = agentPathHandles(values.agents);
  const described = names.map((name) => {
    const path = values.agents.find((p) => p.name.trim() === name);
    return `- ${name}: ${path?.description?.trim() || '(no description)'}`;
  });
  const { name, meta } = await pickOne(ctx, values.generativeModelName, buildMessages({ prompts: values.prompts }), {
    names,
    key: 'agent',
    instructions:
      `Choose exactly one of these agents to handle the request:\n${described.join('\n')}\n` +
      'Answer with a JSON object {"agent": "<the agent\'s name>"} and nothing else.',
    what: 'one of the agents',
    failure: 'The model did not choose one of the agent paths',
  });
  return { output: { agent: name, condition: name, _meta: meta }, route: [name] };
});
