export { HelpMenu } from './HelpMenu';
export { WALKTHROUGH_AUTOSTART_KEY } from './preference';
export { WalkthroughAutostart } from './WalkthroughAutostart';
