/**
 * @module catalogue/app/messaging-node/definition — SMS, voice calls and WhatsApp messages
 * through the messaging provider's REST API (spec 002 §3, integration 17, basic auth).
 */
import type { NodeDefinition } from '../../types.ts';

/** spec 002 §9: voice call timeout */
export const VOICE_TIMEOUT_SECONDS = 60;

const sms = { actionField: 'action', actionValue: 'sms' } as const;
const voice = { actionField: 'action', actionValue: 'voice_call' } as const;
const whatsapp = { actionField: 'action', actionValue: 'whatsapp' } as const;

export const definition = {
  name: 'messagingNode',
  label: 'SMS, Voice & WhatsApp',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'send',
  docs: '/docs/nodes/messagingNode',
  sideEffects: 'messaging',
  integrationId: 17,
  isIntegration: true,
  authTypes: ['basic'],
  closedOutputs: true,
  description:
    'Sends an SMS, places a voice call that reads a message aloud, or sends a WhatsApp message through the ' +
    'messaging provider account of a "Messaging provider" credential. Numbers in E.164 form (+14155550100); ' +
    'WhatsApp numbers get the whatsapp: prefix when it is missing. A refusal by the provider does not fail the ' +
    'node: its output has status failed, successful false and the provider’s answer as message and error.',
  inputs: [
    {
      name: 'credentials',
      label: 'Messaging account',
      type: 'credential',
      required: true,
      isCredential: true,
      description: 'The name of a "Messaging provider" credential of the project (account SID and auth token).',
    },
    {
      name: 'action',
      label: 'Action',
      type: 'select',
      required: true,
      defaultValue: 'sms',
      values: [
        { label: 'Send SMS', value: 'sms' },
        { label: 'Voice call', value: 'voice_call' },
        { label: 'Send WhatsApp message', value: 'whatsapp' },
      ],
    },
    { name: 'body', label: 'Message', type: 'template', required: true, ...sms },
    { name: 'to', label: 'To', type: 'template', required: true, placeholder: '+14155550100', ...sms },
    { name: 'from', label: 'From', type: 'template', required: true, placeholder: 'A number of your account', ...sms },
    { name: 'message', label: 'Message to say', type: 'template', required: true, description: 'Read aloud when the call is answered, then the call hangs up.', ...voice },
    { name: 'callTo', label: 'Call to', type: 'template', required: true, placeholder: '+14155550100', ...voice },
    { name: 'callFrom', label: 'Call from', type: 'template', required: true, placeholder: 'A number of your account', ...voice },
    {
      name: 'timeout',
      label: 'Ring timeout',
      type: 'number',
      defaultValue: VOICE_TIMEOUT_SECONDS,
      minValue: 1,
      maxValue: 600,
      step: 1,
      description: 'Seconds to let the phone ring before giving up.',
      ...voice,
    },
    { name: 'whatsappMessage', label: 'Message', type: 'template', required: true, ...whatsapp },
    { name: 'whatsappTo', label: 'To', type: 'template', required: true, placeholder: 'whatsapp:+14155550100', ...whatsapp },
    { name: 'whatsappFrom', label: 'From', type: 'template', required: true, placeholder: 'whatsapp:+14155550100', ...whatsapp },
    { name: 'mediaUrl', label: 'Media URL', type: 'template', description: 'Optional: a public URL of an image, audio or document sent with the message.', ...whatsapp },
  ],
  outputs: [
    { name: 'output', type: 'object', description: 'the provider’s answer (null when it failed)' },
    { name: 'sid', type: 'string', description: 'the message or call SID' },
    { name: 'message', type: 'string', description: 'SMS sent successfully, Voice call initiated successfully, WhatsApp message sent successfully, or the error' },
    { name: 'status', type: 'string', description: 'the provider’s status (queued, …) or failed' },
    { name: 'successful', type: 'boolean', description: 'false when the provider refused or could not be reached' },
    { name: 'error', type: 'string', description: 'the error, when it failed' },
  ],
  metadata: { author: 'weft', tags: ['sms', 'text message', 'voice', 'call', 'whatsapp', 'phone', 'twilio', 'notification'] },
} as const satisfies NodeDefinition;
