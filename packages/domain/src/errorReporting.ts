/**
 * Part 8: uncaught interface errors go to the error-reporting service, except those whose message
 * contains one of these fragments — browser and extension noise, which are only logged to the
 * console.
 */
export const consoleOnlyErrorFragments = [
  'insertBefore',
  'removeChild',
  'clientWidth',
  'toUpperCase',
  'removeEventListener',
  'querySelector',
  'getMonth',
  'getFullYear',
  'addEventListener',
  'Invalid number',
] as const;

/**
 * The spec's "undefined or null access": reading a property of undefined or null, as each engine
 * words it — "Cannot read properties of undefined (reading 'x')", "Cannot read property 'x' of
 * null", "undefined is not an object (evaluating 'a.b')", "can't access property "x", a is null".
 */
const undefinedOrNullAccess = [
  /\bof (?:undefined|null)\b/,
  /\b(?:undefined|null) is not an object\b/,
  /can't access property .*\bis (?:undefined|null)\b/,
] as const;

export function isConsoleOnlyError(message: string | null | undefined): boolean {
  if (!message) return false;
  return (
    consoleOnlyErrorFragments.some((fragment) => message.includes(fragment)) ||
    undefinedOrNullAccess.some((pattern) => pattern.test(message))
  );
}

export const ERROR_REPORT_STACK_LINES = 5;

/** Part 8: the report includes the first five lines of the stack. */
export function errorReportStack(stack: string | null | undefined): string {
  if (!stack) return '';
  return stack.split(/\r?\n/).slice(0, ERROR_REPORT_STACK_LINES).join('\n');
}
