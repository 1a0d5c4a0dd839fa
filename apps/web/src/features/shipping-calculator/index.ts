export { ShippingCalculatorPage } from './ShippingCalculatorPage';
