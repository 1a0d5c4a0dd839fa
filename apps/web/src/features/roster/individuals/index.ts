// What the roster's other screens take from the individuals' folder: the school and district picker.
export { RosterLookupSelect } from './RosterLookupSelect';
