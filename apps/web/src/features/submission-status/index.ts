export { DeadlineBadge, DeadlineBadgeFor, DeadlineLegend } from './DeadlineBadge';
export { daysLeftText, deadlineStyle, deadlineStyles } from './deadlineStyle';
