/** What other features may use of the price lists: the project's quote. */
export { QuoteCard } from './QuoteCard';
