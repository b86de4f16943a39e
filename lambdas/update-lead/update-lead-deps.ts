import type { LinkMailDeps } from '../shared/handlers/deps';

export type UpdateLeadDeps = LinkMailDeps;
