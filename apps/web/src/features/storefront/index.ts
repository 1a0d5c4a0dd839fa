export { StorefrontPage } from './StorefrontPage';
