/**
 * @module catalogue/option-loader-list — every form dropdown's loader, by its
 * `loadOptionsMethod` name (catalogue/option-loaders.ts). One line a loader. Server side.
 */
import { teamsGetChannels, teamsGetChats, teamsGetTeams } from './app/teams-node/loaders.ts';
import { automationWorkflows } from './interface/automation-trigger-node/loaders.ts';
import type { OptionLoader } from './option-loaders.ts';

export const optionLoaders: Record<string, OptionLoader> = {
  automationWorkflows,
  teamsGetChats,
  teamsGetTeams,
  teamsGetChannels,
};
