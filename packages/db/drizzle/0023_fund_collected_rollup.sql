-- Custom SQL migration file, put your code below! --
-- The fund and sales-tax overviews' rollup (issue 13: POST fund_requests/overview,
-- summer_fund_requests/overview, sales_tax_requests/overview under 250 ms over a million items).
-- Per account, store year and slot, what the paid online orders (paid_at set, status paid,
-- partially_refunded or refunded) collected for each kind, each order computed on its own and
-- rounded half up at each step exactly as packages/domain fundRequests.ts `orderShares` does:
-- the orders that gave the kind anything, collected (its part plus its share of the fee), the fee's
-- share and the refund's share. Triggers keep it in step with every write to online_orders and
-- online_order_items, whoever makes it; colophon_fund_collected_refill() rebuilds it from those
-- tables (this migration's backfill, a TRUNCATE of either table, the bench after its bulk load).
-- An order's shares are not additive over its lines (the coupon, fee and refund are shared in
-- proportion and rounded per order), so a change takes the order's old shares out and puts its new
-- ones in. The summer single-book lines (type_shipping 2) are the one thing read from the items:
--   * online_orders: a row trigger after insert and update (of the columns that count) reads the
--     order's summer total once and moves the old row's shares to the new row's; before delete
--     (while the items are still there, ahead of the cascade) it takes the order's shares out.
--   * online_order_items: a statement trigger with transition tables: per order, the statement's
--     change of the summer total (a multi-row insert or delete of one order's lines is one change),
--     the order's shares at the total before and after. Lines of other shippings change nothing
--     (a distribution mark or a refund in full of the lines costs one empty query per statement),
--     and lines of an order already deleted (the cascade) find no order.
-- Slots as online_sales_weekly (migration 0014): the connection's pg_backend_pid() % 16, so a
-- store's opening rush does not queue on one row per school-year; the refill writes slot 0.
CREATE TABLE "fund_collected_yearly" (
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"presale_orders" integer DEFAULT 0 NOT NULL,
	"presale_collected_cents" bigint DEFAULT 0 NOT NULL,
	"presale_fees_cents" bigint DEFAULT 0 NOT NULL,
	"presale_refunded_cents" bigint DEFAULT 0 NOT NULL,
	"summer_orders" integer DEFAULT 0 NOT NULL,
	"summer_collected_cents" bigint DEFAULT 0 NOT NULL,
	"summer_fees_cents" bigint DEFAULT 0 NOT NULL,
	"summer_refunded_cents" bigint DEFAULT 0 NOT NULL,
	"tax_orders" integer DEFAULT 0 NOT NULL,
	"tax_collected_cents" bigint DEFAULT 0 NOT NULL,
	"tax_fees_cents" bigint DEFAULT 0 NOT NULL,
	"tax_refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_collected_yearly_account_id_year_slot_pk" PRIMARY KEY("account_id","year","slot")
);
--> statement-breakpoint
CREATE INDEX "fund_collected_yearly_year_idx" ON "fund_collected_yearly" USING btree ("year");--> statement-breakpoint
-- a × b ÷ c half up, 0 when c is not positive: the domain's shareOf.
CREATE FUNCTION "colophon_share_of"("a" bigint, "b" bigint, "c" bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN c > 0 THEN (2::bigint * a * b + c) / (2::bigint * c) ELSE 0 END
$$;--> statement-breakpoint
-- One paid order's shares of each kind: subtotal s, coupon d, fee f, tax t, total, refunded r and
-- the summer single-book lines' total. The coupon's part on the summer lines is theirs in proportion;
-- presale is every other line (after the rest of the coupon), sales tax the tax.
CREATE FUNCTION "colophon_fund_order_shares"(
  "s" bigint, "d" bigint, "f" bigint, "t" bigint, "tot" bigint, "r" bigint, "summer" bigint,
  OUT "presale_orders" integer, OUT "presale_collected_cents" bigint, OUT "presale_fees_cents" bigint,
  OUT "presale_refunded_cents" bigint, OUT "summer_orders" integer, OUT "summer_collected_cents" bigint,
  OUT "summer_fees_cents" bigint, OUT "summer_refunded_cents" bigint, OUT "tax_orders" integer,
  OUT "tax_collected_cents" bigint, OUT "tax_fees_cents" bigint, OUT "tax_refunded_cents" bigint
) LANGUAGE sql IMMUTABLE AS $$
  SELECT (p.presale > 0)::int, p.presale + colophon_share_of(f, p.presale, tot - f),
    colophon_share_of(f, p.presale, tot - f), colophon_share_of(r, p.presale, tot),
    (p.summer > 0)::int, p.summer + colophon_share_of(f, p.summer, tot - f),
    colophon_share_of(f, p.summer, tot - f), colophon_share_of(r, p.summer, tot),
    (p.tax > 0)::int, p.tax + colophon_share_of(f, p.tax, tot - f),
    colophon_share_of(f, p.tax, tot - f), colophon_share_of(r, p.tax, tot)
  FROM (SELECT (s - summer) - (d - colophon_share_of(d, summer, s)) AS presale,
          summer - colophon_share_of(d, summer, s) AS summer, t AS tax) p
$$;--> statement-breakpoint
-- Adds (direction 1) or takes out (-1) one order's shares, in the connection's slot.
CREATE FUNCTION "colophon_fund_collected_add"("line" online_orders, "summer" bigint, "direction" integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO fund_collected_yearly AS y (account_id, year, slot, presale_orders, presale_collected_cents,
    presale_fees_cents, presale_refunded_cents, summer_orders, summer_collected_cents, summer_fees_cents,
    summer_refunded_cents, tax_orders, tax_collected_cents, tax_fees_cents, tax_refunded_cents)
  SELECT line.account_id, line.year, pg_backend_pid() % 16, direction * p.presale_orders,
    direction * p.presale_collected_cents, direction * p.presale_fees_cents, direction * p.presale_refunded_cents,
    direction * p.summer_orders, direction * p.summer_collected_cents, direction * p.summer_fees_cents,
    direction * p.summer_refunded_cents, direction * p.tax_orders, direction * p.tax_collected_cents,
    direction * p.tax_fees_cents, direction * p.tax_refunded_cents
  FROM colophon_fund_order_shares(line.subtotal_cents, line.discount_cents, line.fee_cents, line.tax_cents,
    line.total_cents, line.refunded_cents, summer) p
  ON CONFLICT (account_id, year, slot) DO UPDATE SET
    presale_orders = y.presale_orders + excluded.presale_orders,
    presale_collected_cents = y.presale_collected_cents + excluded.presale_collected_cents,
    presale_fees_cents = y.presale_fees_cents + excluded.presale_fees_cents,
    presale_refunded_cents = y.presale_refunded_cents + excluded.presale_refunded_cents,
    summer_orders = y.summer_orders + excluded.summer_orders,
    summer_collected_cents = y.summer_collected_cents + excluded.summer_collected_cents,
    summer_fees_cents = y.summer_fees_cents + excluded.summer_fees_cents,
    summer_refunded_cents = y.summer_refunded_cents + excluded.summer_refunded_cents,
    tax_orders = y.tax_orders + excluded.tax_orders,
    tax_collected_cents = y.tax_collected_cents + excluded.tax_collected_cents,
    tax_fees_cents = y.tax_fees_cents + excluded.tax_fees_cents,
    tax_refunded_cents = y.tax_refunded_cents + excluded.tax_refunded_cents
$$;--> statement-breakpoint
-- What counts: a paid order (as the overviews always read it).
CREATE FUNCTION "colophon_fund_order_counts"("line" online_orders) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT line.paid_at IS NOT NULL AND line.status IN ('paid', 'partially_refunded', 'refunded')
$$;--> statement-breakpoint
CREATE FUNCTION "colophon_fund_order_summer"("order_id" integer) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(i.total_cents), 0)::bigint FROM online_order_items i
  WHERE i.online_order_id = order_id AND i.type_shipping = 2
$$;--> statement-breakpoint
CREATE FUNCTION "colophon_fund_collected_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND colophon_fund_order_counts(OLD);
  new_counts boolean := TG_OP <> 'DELETE' AND colophon_fund_order_counts(NEW);
  summer bigint;
BEGIN
  IF old_counts OR new_counts THEN
    summer := colophon_fund_order_summer(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    IF old_counts THEN
      PERFORM colophon_fund_collected_add(OLD, summer, -1);
    END IF;
    IF new_counts THEN
      PERFORM colophon_fund_collected_add(NEW, summer, 1);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A statement's change of one order's summer total: its shares at the total before and after.
CREATE FUNCTION "colophon_fund_collected_summer_changed"("order_id" integer, "change" bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  paid online_orders;
  summer bigint;
BEGIN
  IF change = 0 THEN
    RETURN;
  END IF;
  SELECT * INTO paid FROM online_orders o WHERE o.id = order_id;
  IF NOT FOUND OR NOT colophon_fund_order_counts(paid) THEN
    RETURN;
  END IF;
  summer := colophon_fund_order_summer(order_id);
  PERFORM colophon_fund_collected_add(paid, summer - change, -1);
  PERFORM colophon_fund_collected_add(paid, summer, 1);
END
$$;--> statement-breakpoint
CREATE FUNCTION "colophon_fund_collected_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR changed IN SELECT n.online_order_id, sum(n.total_cents)::bigint AS change FROM new_lines n
      WHERE n.type_shipping = 2 GROUP BY n.online_order_id LOOP
      PERFORM colophon_fund_collected_summer_changed(changed.online_order_id, changed.change);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR changed IN SELECT o.online_order_id, -sum(o.total_cents)::bigint AS change FROM old_lines o
      WHERE o.type_shipping = 2 GROUP BY o.online_order_id LOOP
      PERFORM colophon_fund_collected_summer_changed(changed.online_order_id, changed.change);
    END LOOP;
  ELSE
    FOR changed IN SELECT c.online_order_id, sum(c.change)::bigint AS change FROM (
        SELECT n.online_order_id, n.total_cents::bigint AS change FROM new_lines n WHERE n.type_shipping = 2
        UNION ALL
        SELECT o.online_order_id, -o.total_cents::bigint FROM old_lines o WHERE o.type_shipping = 2
      ) c GROUP BY c.online_order_id LOOP
      PERFORM colophon_fund_collected_summer_changed(changed.online_order_id, changed.change);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The one statement that computes the rollup from the orders and their lines.
CREATE FUNCTION "colophon_fund_collected_refill"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM fund_collected_yearly;
  INSERT INTO fund_collected_yearly (account_id, year, presale_orders, presale_collected_cents, presale_fees_cents,
    presale_refunded_cents, summer_orders, summer_collected_cents, summer_fees_cents, summer_refunded_cents,
    tax_orders, tax_collected_cents, tax_fees_cents, tax_refunded_cents)
  SELECT o.account_id, o.year, sum(p.presale_orders), sum(p.presale_collected_cents), sum(p.presale_fees_cents),
    sum(p.presale_refunded_cents), sum(p.summer_orders), sum(p.summer_collected_cents), sum(p.summer_fees_cents),
    sum(p.summer_refunded_cents), sum(p.tax_orders), sum(p.tax_collected_cents), sum(p.tax_fees_cents),
    sum(p.tax_refunded_cents)
  FROM online_orders o
  LEFT JOIN (SELECT i.online_order_id, sum(i.total_cents)::bigint AS summer FROM online_order_items i
    WHERE i.type_shipping = 2 GROUP BY i.online_order_id) lines ON lines.online_order_id = o.id
  CROSS JOIN LATERAL colophon_fund_order_shares(o.subtotal_cents, o.discount_cents, o.fee_cents, o.tax_cents,
    o.total_cents, o.refunded_cents, coalesce(lines.summer, 0)) p
  WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'partially_refunded', 'refunded')
  GROUP BY o.account_id, o.year
$$;--> statement-breakpoint
CREATE FUNCTION "colophon_fund_collected_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM colophon_fund_collected_refill();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "online_orders_fund_collected" AFTER INSERT ON "online_orders"
  FOR EACH ROW EXECUTE FUNCTION "colophon_fund_collected_order"();--> statement-breakpoint
CREATE TRIGGER "online_orders_fund_collected_update"
  AFTER UPDATE OF "paid_at", "status", "account_id", "year", "subtotal_cents", "discount_cents", "fee_cents",
    "tax_cents", "total_cents", "refunded_cents" ON "online_orders" FOR EACH ROW
  WHEN (OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.status <> NEW.status OR OLD.account_id <> NEW.account_id
    OR OLD.year <> NEW.year OR OLD.subtotal_cents <> NEW.subtotal_cents OR OLD.discount_cents <> NEW.discount_cents
    OR OLD.fee_cents <> NEW.fee_cents OR OLD.tax_cents <> NEW.tax_cents OR OLD.total_cents <> NEW.total_cents
    OR OLD.refunded_cents <> NEW.refunded_cents)
  EXECUTE FUNCTION "colophon_fund_collected_order"();--> statement-breakpoint
-- Before the delete: the cascade to the lines comes after, and the order's summer total is still there.
CREATE TRIGGER "online_orders_fund_collected_delete" BEFORE DELETE ON "online_orders"
  FOR EACH ROW EXECUTE FUNCTION "colophon_fund_collected_order"();--> statement-breakpoint
CREATE TRIGGER "online_order_items_fund_collected_insert" AFTER INSERT ON "online_order_items"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "colophon_fund_collected_items"();--> statement-breakpoint
CREATE TRIGGER "online_order_items_fund_collected_update" AFTER UPDATE ON "online_order_items"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "colophon_fund_collected_items"();--> statement-breakpoint
CREATE TRIGGER "online_order_items_fund_collected_delete" AFTER DELETE ON "online_order_items"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "colophon_fund_collected_items"();--> statement-breakpoint
CREATE TRIGGER "online_order_items_fund_collected_truncate" AFTER TRUNCATE ON "online_order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "colophon_fund_collected_truncated"();--> statement-breakpoint
CREATE TRIGGER "online_orders_fund_collected_truncate" AFTER TRUNCATE ON "online_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "colophon_fund_collected_truncated"();--> statement-breakpoint
SELECT colophon_fund_collected_refill();
