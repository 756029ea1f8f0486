/** @module runtime/integrations/sync/data-sync-service/texts — spec 001 §8's texts of the job's steps, whatever the source type. */
export const SYNC_TEXTS = {
  deleteFailed: 'Unable to delete existing job',
  statusFailed: 'Unable to update the job status, please try again or contact support',
  runFailed: 'Unable to run the job, please check the flow configuration and try again',
  startFailed: 'Unable to start the job for the flow',
  discoverFailed: 'Unable to discover schema for the source',
  createFailed: 'Unable to create the job',
  updateFailed: 'Unable to update the job',
} as const;
