/** A plain resource's web side, declared: list, filters, export, create/edit drawer and delete (issue 10). */
export { type ColumnContext, column, type ResourceColumn } from './columns';
export { type FieldSpec, type ResourceFormDeclaration, ResourceFormFields } from './ResourceFormFields';
export { type DrawerForm, ResourcePage } from './ResourcePage';
// A feature's routes.ts imports './route' itself: through this index it would pull the page into the main chunk.
export { editParam, resourceRoute, resourceSearchSchema } from './route';
