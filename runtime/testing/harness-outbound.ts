/**
 * @module runtime/testing/harness-outbound — a vitest setup file: gives the node test harness
 * (catalogue/testing/node-harness.ts) the real outbound client, so a node test's `ctx.http`
 * refuses loopback like any private address unless the test allows its own servers.
 */
import { provideTestOutbound } from '../../catalogue/testing/test-outbound.ts';
import { AllowList } from '../services/outbound/address-policy.ts';
import { Outbound } from '../services/outbound/client.ts';

provideTestOutbound((allow, actor) => new Outbound({ allow: new AllowList(allow) }).forActor(actor));
