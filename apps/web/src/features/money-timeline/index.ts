export { type MoneySectionSearch, MoneyTimelineSection } from './MoneyTimelineSection';
