/**
 * @module catalogue/data-source/onedrive-trigger-node/loaders — the OneDrive source's drive
 * dropdown: the names of the drives the connected user reaches (`GET /me/drives`), each once.
 */
import type { OptionLoader } from '../../option-loaders.ts';
import { graphOptions, text } from '../graph-options.ts';

export const onedriveDriveNames: OptionLoader = async (input, ctx) => {
  const options = await graphOptions(input, ctx, '/me/drives', (drive) => (text(drive.name) ? { label: text(drive.name), value: text(drive.name) } : null));
  return options.filter((option, index) => options.findIndex((o) => o.value === option.value) === index);
};
