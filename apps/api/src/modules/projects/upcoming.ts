import type { UpcomingSubmission } from '@colophon/contract';
import { type Db, rowsOf } from '@colophon/db';
import { DEADLINE_SOON_DAYS, daysUntil, deadlineWarning, isoDate, orderType } from '@colophon/domain';
import { type SQL, sql } from 'drizzle-orm';

interface UpcomingRow {
  total: number;
  project_id: number;
  project_name: string;
  year: number;
  type_book: number;
  account_id: number;
  account_code: string;
  account_name: string;
  parent_account_id: number | null;
  submission_deadline: string;
  in_home_date: string | null;
}

/**
 * The submissions still to come: active projects of active accounts with a deadline and no
 * submitted production order, soonest first. Deadlines missed in the last 30 days stay on the list
 * (marked overdue) so that nobody forgets them; older ones drop off.
 */
export async function upcomingSubmissions(
  db: Db,
  options: { accountIds: SQL | null; parentId?: number | undefined; limit: number; today?: Date },
): Promise<{ data: UpcomingSubmission[]; total: number }> {
  const today = isoDate(options.today ?? new Date());
  const earliest = isoDate(new Date(Date.parse(`${today}T00:00:00Z`) - DEADLINE_SOON_DAYS * 86_400_000));
  const conditions: SQL[] = [
    sql`p.is_active`,
    sql`a.is_active`,
    sql`p.submission_deadline >= ${earliest}::date`,
    sql`not exists (select 1 from orders o where o.project_id = p.id and o.type_order = ${orderType.Production} and o.submitted_at is not null)`,
  ];
  if (options.accountIds) conditions.push(sql`p.account_id in ${options.accountIds}`);
  if (options.parentId) conditions.push(sql`a.parent_account_id = ${options.parentId}`);
  const rows = await rowsOf<UpcomingRow>(
    db.execute(sql`
      select count(*) over ()::int as total,
        p.id as project_id, p.name as project_name, p.year, p.type_book,
        a.id as account_id, a.code as account_code, a.name as account_name, a.parent_account_id,
        p.submission_deadline::text as submission_deadline, p.in_home_date::text as in_home_date
      from projects p join accounts a on a.id = p.account_id
      where ${sql.join(conditions, sql` and `)}
      order by p.submission_deadline asc, p.id asc
      limit ${options.limit}`),
  );
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map((row) => {
      const days = daysUntil(row.submission_deadline, today);
      return {
        projectId: row.project_id,
        projectName: row.project_name,
        year: row.year,
        typeBook: row.type_book,
        accountId: row.account_id,
        accountCode: row.account_code,
        accountName: row.account_name,
        parentAccountId: row.parent_account_id,
        submissionDeadline: row.submission_deadline,
        inHomeDate: row.in_home_date,
        daysUntilDeadline: days,
        deadlineWarning: deadlineWarning(days),
      };
    }),
  };
}
