/** @module runtime/services/flows/transfer/credential-names — the credentials a flow names: the values of its nodes' credential fields. */
import type { FlowNode } from '../../../../contract/flow-document.ts';
import type { CatalogueView } from '../catalogue-view.ts';

export function credentialNames(nodes: readonly FlowNode[], catalogue: CatalogueView): Set<string> {
  const names = new Set<string>();
  for (const node of nodes) {
    for (const field of catalogue.get(node.type)?.inputs ?? []) {
      const value = node.values[field.name];
      if ((field.type === 'credential' || field.isCredential) && typeof value === 'string' && value.trim() && !value.includes('{{')) names.add(value.trim());
    }
  }
  return names;
}
