import { profileRoutes } from '../features/profile/routes';
import { superRoutes } from '../features/super/routes';
import { userRoutes } from '../features/users/routes';

/** Every admin page route, one list per feature (a feature adds its routes in its own routes.ts). */
export const adminPageRoutes = [...profileRoutes, ...userRoutes, ...superRoutes] as const;
