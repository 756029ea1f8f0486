/** @module editor/testing/fixtures — flows the browser tests run. */

/** trigger → condition (score ≥ 50) → passed / failed → response: one branch runs, the other is skipped. */
export const gradeFlow = {
  name: 'Grade',
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 120 }, values: {} },
    {
      id: 'condition_1',
      type: 'conditionNode',
      position: { x: 300, y: 120 },
      values: {
        conditions: [
          { label: 'Condition 1', combinator: 'AND', operands: [{ name: '{{trigger.output.score}}', operator: '>=', value: '50' }] },
          { label: 'Else' },
        ],
      },
    },
    { id: 'passed_1', type: 'variablesNode', position: { x: 620, y: 20 }, values: { mapping: [{ key: 'verdict', type: 'string', value: 'passed' }] } },
    { id: 'failed_1', type: 'variablesNode', position: { x: 620, y: 240 }, values: { mapping: [{ key: 'verdict', type: 'string', value: 'failed' }] } },
    {
      id: 'apiResponse_1',
      type: 'apiResponseNode',
      position: { x: 940, y: 120 },
      values: { outputMapping: [{ key: 'verdict', value: '{{passed_1.output.verdict}}{{failed_1.output.verdict}}' }] },
    },
  ],
  edges: [
    { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'condition_1', targetHandle: 'in' },
    { id: 'e2', source: 'condition_1', sourceHandle: 'Condition 1', target: 'passed_1', targetHandle: 'in' },
    { id: 'e3', source: 'condition_1', sourceHandle: 'Else', target: 'failed_1', targetHandle: 'in' },
    { id: 'e4', source: 'passed_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
    { id: 'e5', source: 'failed_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
  ],
};

/** trigger → wait 2 s → response: slow enough to drop the connection in the middle. */
export const waitFlow = {
  name: 'Wait a second',
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
    { id: 'wait_1', type: 'waitNode', position: { x: 300, y: 0 }, values: { seconds: 2 } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 600, y: 0 }, values: { outputMapping: [{ key: 'done', value: 'yes' }] } },
  ],
  edges: [
    { id: 'w1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'wait_1', targetHandle: 'in' },
    { id: 'w2', source: 'wait_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
  ],
};
