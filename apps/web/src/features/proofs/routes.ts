import { createRoute } from '@tanstack/react-router';
import { adminRoute, pageRoute, recordIdParams } from '../../app/route-base';
import { lazyPage } from '../../lib/chunk-reload';
import { proofSearchSchema, proofsSearchSchema } from './search';

const proofsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'proofs',
  validateSearch: proofsSearchSchema,
  ...pageRoute('/admin/proofs'),
  component: lazyPage(() => import('./ProofsPage'), 'ProofsPage'),
});

/** One proof (Proofs › project, round): the flipbook and its review. */
const proofRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'proofs/$proofId',
  params: recordIdParams('proofId'),
  validateSearch: proofSearchSchema,
  ...pageRoute('/admin/proofs'),
  component: lazyPage(() => import('./ProofPage'), 'ProofPage'),
});

export const proofRoutes = [proofsRoute, proofRoute] as const;
