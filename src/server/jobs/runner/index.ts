/**
 * The job runner's door (decision 019): what modules and the server may use. The rest of this folder (queueing,
 * claiming and leasing runs) is the runner's own; nothing outside it imports those files.
 */
export { defineJob, type JobContext, type JobDefinition } from './job.js';
export { deleteFinishedRuns, enqueueJob, jobInProgress, listRuns, type JobRun } from './job-runs.js';
export { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.js';
export type { JobSchedule, ScheduleSetting } from './schedule.js';
