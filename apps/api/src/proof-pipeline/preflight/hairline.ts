/**
 * Strokes thinner than this are hairlines (they may vanish or break up in print). Its own module so
 * the main thread can name it without loading pdf.js (content.ts needs pdf.js's operator codes).
 */
export const HAIRLINE_PT = 0.25;
