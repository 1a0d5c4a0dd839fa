export { AccountProjectsTable } from './AccountProjectsTable';
export { useAccountsByIds, useProjectOptions } from './api';
export { BookSpecFields } from './BookSpecFields';
export { type BookSpecValues, bookSpecValues, filledSpec, presetPatch, refineBookSpec } from './bookSpecForm';
export { ProjectLink } from './ProjectLink';
export { specSummary } from './specSummary';
