/** What other features may use of Distribution Day and the forecast. */
export { ForecastCard } from './ForecastCard';
