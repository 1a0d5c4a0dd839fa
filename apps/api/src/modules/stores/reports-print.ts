import type { SalesRow } from '@colophon/contract';

/*
 * The distribution list as a printable page: one table per homeroom (each on its own sheet),
 * students alphabetically, what each gets, and an empty box to tick as it is handed out. Plain
 * HTML with a print stylesheet: the browser prints it, or saves it as a PDF.
 */

const escapeHtml = (value: unknown) =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Rows of the distribution list (sorted by homeroom, then student) grouped by homeroom, in order. */
export function byHomeroom(rows: SalesRow[]): [string, SalesRow[]][] {
  const groups = new Map<string, SalesRow[]>();
  for (const row of rows) {
    const homeroom = String(row.homeroom ?? '') || 'No homeroom';
    groups.set(homeroom, [...(groups.get(homeroom) ?? []), row]);
  }
  return [...groups.entries()];
}

const STYLE = `
body { font: 12px system-ui, sans-serif; margin: 24px; }
h1 { font-size: 18px; } h2 { font-size: 15px; margin-top: 24px; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #999; padding: 4px 6px; text-align: left; vertical-align: top; }
td.box { width: 24px; } td.box span { display: inline-block; width: 14px; height: 14px; border: 1px solid #000; }
@media print { section { break-after: page; } section:last-child { break-after: auto; } body { margin: 0; } }
`;

export function distributionListHtml(rows: SalesRow[], year: number | undefined): string {
  const title = `Distribution list${year ? ` ${year}` : ''}`;
  const sections = byHomeroom(rows).map(([homeroom, students]) => {
    const body = students
      .map(
        (row) => `<tr><td class="box"><span></span></td><td>${escapeHtml(row.studentName)}</td>
<td>${escapeHtml(row.grade)}</td><td>${escapeHtml(row.books ?? 0)}</td><td>${escapeHtml(row.personalizationName)}</td>
<td>${escapeHtml(row.ads ?? 0)}</td><td>${escapeHtml(row.textDedications ?? 0)}</td><td>${escapeHtml(row.orderNumber)}</td></tr>`,
      )
      .join('\n');
    return `<section><h2>${escapeHtml(homeroom)} (${students.length})</h2><table>
<thead><tr><th>✓</th><th>Student</th><th>Grade</th><th>Books</th><th>Personalized name</th><th>Ads</th><th>Text dedications</th><th>Order</th></tr></thead>
<tbody>${body}</tbody></table></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${sections.join('\n') || '<p>No paid orders.</p>'}</body></html>`;
}
