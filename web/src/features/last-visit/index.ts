// The last visit (lastVisit.ts): the only way in. A file elsewhere that
// imports this folder's other modules fails ESLint (eslint.config.mjs).
export { hasLastVisit, lastVisitListener, restoreLastVisit } from './lastVisit';
export { KEPT_FEED } from './keptVisit';
