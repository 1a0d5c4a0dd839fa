/** The proofs feature's public entry: what other features may use of it. */
export { ProcessingProgress, pagesText } from './ProcessingProgress';
export { ProjectProofs } from './ProjectProofs';
export { ProofLink, proofPath } from './ProofLink';
