/** A plain resource's web side, declared: list, filters, export, create/edit drawer and delete (issue 10). */
export { type ColumnContext, column, type ResourceColumn } from './columns';
export { type FieldSpec, type ResourceFormDeclaration, ResourceFormFields } from './ResourceFormFields';
export { type RenderForm, ResourcePage, type ResourcePageProps } from './ResourcePage';
export { editParam, resourceRoute, resourceSearchSchema } from './route';
