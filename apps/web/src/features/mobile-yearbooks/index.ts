export { MobileYearbookPage } from './MobileYearbookPage';
