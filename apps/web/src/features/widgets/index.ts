export { ProfileWidgets } from './ProfileWidgets';
