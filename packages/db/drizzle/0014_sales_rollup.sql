-- Custom SQL migration file, put your code below! --
-- The sales reports' weekly rollup (issue 12: revenue_overview and year_to_year_sales_comparison
-- under 250 ms over a million items). Per account, store year and week of the paid instant (weeks
-- since the Monday 1969-12-29, UTC: the reports' own week), what the paid items and the paid orders
-- add up to. Triggers keep it in step with every write to online_order_items and online_orders,
-- whoever makes it; colophon_online_sales_weekly_refill() rebuilds it from those tables (this
-- migration's backfill, a TRUNCATE of either table, and the bench after its bulk load with triggers
-- off). Product types: 1 yearbook, 2 dedication ad, 3 text dedication (packages/domain products.ts).
-- A school-week is split in up to 16 slots, one per database connection (its process id modulo
-- 16): the reports sum the slots, so a delta may land in any of them, and concurrent checkouts of one
-- school in one week (an opening rush) each update their own connection's row instead of all waiting
-- on one row until commit. The refill writes slot 0.
-- Integer columns: one school's week stays far below 2^31 cents, the rows stay narrow, and sum()
-- of integers (bigint in the reports) is cheaper than of bigints over a few hundred thousand rows.
CREATE TABLE "online_sales_weekly" (
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"week" integer NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"item_lines" integer DEFAULT 0 NOT NULL,
	"items_cents" integer DEFAULT 0 NOT NULL,
	"books" integer DEFAULT 0 NOT NULL,
	"personalized" integer DEFAULT 0 NOT NULL,
	"ads" integer DEFAULT 0 NOT NULL,
	"text_dedications" integer DEFAULT 0 NOT NULL,
	"donated" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "online_sales_weekly_account_id_year_week_slot_pk" PRIMARY KEY("account_id","year","week","slot")
);
--> statement-breakpoint
CREATE FUNCTION "colophon_online_sales_weekly_add"(
  "in_account_id" integer, "in_year" smallint, "in_paid_at" timestamptz,
  "in_item_lines" integer, "in_items_cents" bigint, "in_books" bigint, "in_personalized" bigint, "in_ads" bigint,
  "in_text_dedications" bigint, "in_donated" bigint, "in_orders" integer, "in_gross_cents" bigint, "in_refunded_cents" bigint
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO online_sales_weekly AS w (account_id, year, week, slot, item_lines, items_cents, books, personalized,
    ads, text_dedications, donated, orders, gross_cents, refunded_cents)
  VALUES (in_account_id, in_year, floor((date_part('epoch', in_paid_at) + 259200) / 604800)::int,
    pg_backend_pid() % 16, in_item_lines,
    in_items_cents, in_books, in_personalized, in_ads, in_text_dedications, in_donated, in_orders, in_gross_cents,
    in_refunded_cents)
  ON CONFLICT (account_id, year, week, slot) DO UPDATE SET
    item_lines = w.item_lines + excluded.item_lines,
    items_cents = w.items_cents + excluded.items_cents,
    books = w.books + excluded.books,
    personalized = w.personalized + excluded.personalized,
    ads = w.ads + excluded.ads,
    text_dedications = w.text_dedications + excluded.text_dedications,
    donated = w.donated + excluded.donated,
    orders = w.orders + excluded.orders,
    gross_cents = w.gross_cents + excluded.gross_cents,
    refunded_cents = w.refunded_cents + excluded.refunded_cents
$$;--> statement-breakpoint
-- A paid item counts once (direction 1) and leaves (direction -1) when it is deleted, loses its
-- paid instant (a refund in full) or changes what it counts.
CREATE FUNCTION "colophon_online_sales_weekly_add_item"("line" online_order_items, "direction" integer)
RETURNS void LANGUAGE sql AS $$
  SELECT colophon_online_sales_weekly_add(line.account_id, line.year, line.paid_at,
    direction, direction * line.total_cents::bigint,
    direction * (CASE WHEN line.type_product = 1 THEN line.quantity ELSE 0 END)::bigint,
    direction * (CASE WHEN line.type_product = 1 AND line.type_personalization > 0 THEN line.quantity ELSE 0 END)::bigint,
    direction * (CASE WHEN line.type_product = 2 THEN line.quantity ELSE 0 END)::bigint,
    direction * (CASE WHEN line.type_product = 3 THEN line.quantity ELSE 0 END)::bigint,
    direction * (CASE WHEN line.is_donated THEN line.quantity ELSE 0 END)::bigint,
    0, 0, 0)
$$;--> statement-breakpoint
CREATE FUNCTION "colophon_online_sales_weekly_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.paid_at IS NOT NULL THEN
      PERFORM colophon_online_sales_weekly_add_item(OLD, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.paid_at IS NOT NULL THEN
      PERFORM colophon_online_sales_weekly_add_item(NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "colophon_online_sales_weekly_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.paid_at IS NOT NULL THEN
      PERFORM colophon_online_sales_weekly_add(OLD.account_id, OLD.year, OLD.paid_at, 0, 0, 0, 0, 0, 0, 0,
        -1, -OLD.total_cents::bigint, -OLD.refunded_cents::bigint);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.paid_at IS NOT NULL THEN
      PERFORM colophon_online_sales_weekly_add(NEW.account_id, NEW.year, NEW.paid_at, 0, 0, 0, 0, 0, 0, 0,
        1, NEW.total_cents::bigint, NEW.refunded_cents::bigint);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The one statement that computes the rollup from the items and orders (the backfill below, the bench).
CREATE FUNCTION "colophon_online_sales_weekly_refill"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM online_sales_weekly;
  INSERT INTO online_sales_weekly (account_id, year, week, item_lines, items_cents, books, personalized, ads,
    text_dedications, donated, orders, gross_cents, refunded_cents)
  SELECT account_id, year, week, sum(item_lines), sum(items_cents), sum(books), sum(personalized), sum(ads),
    sum(text_dedications), sum(donated), sum(orders), sum(gross_cents), sum(refunded_cents)
  FROM (
    SELECT i.account_id, i.year, floor((date_part('epoch', i.paid_at) + 259200) / 604800)::int AS week,
      count(*) AS item_lines, sum(i.total_cents) AS items_cents,
      coalesce(sum(i.quantity) FILTER (WHERE i.type_product = 1), 0) AS books,
      coalesce(sum(i.quantity) FILTER (WHERE i.type_product = 1 AND i.type_personalization > 0), 0) AS personalized,
      coalesce(sum(i.quantity) FILTER (WHERE i.type_product = 2), 0) AS ads,
      coalesce(sum(i.quantity) FILTER (WHERE i.type_product = 3), 0) AS text_dedications,
      coalesce(sum(i.quantity) FILTER (WHERE i.is_donated), 0) AS donated,
      0 AS orders, 0 AS gross_cents, 0 AS refunded_cents
    FROM online_order_items i WHERE i.paid_at IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL
    SELECT o.account_id, o.year, floor((date_part('epoch', o.paid_at) + 259200) / 604800)::int,
      0, 0, 0, 0, 0, 0, 0, count(*), sum(o.total_cents), sum(o.refunded_cents)
    FROM online_orders o WHERE o.paid_at IS NOT NULL GROUP BY 1, 2, 3
  ) weeks
  GROUP BY account_id, year, week
$$;--> statement-breakpoint
CREATE FUNCTION "colophon_online_sales_weekly_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM colophon_online_sales_weekly_refill();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "online_order_items_sales_weekly" AFTER INSERT OR DELETE ON "online_order_items"
  FOR EACH ROW EXECUTE FUNCTION "colophon_online_sales_weekly_item"();--> statement-breakpoint
-- Distribution marks and other edits of an item leave the rollup alone.
CREATE TRIGGER "online_order_items_sales_weekly_update"
  AFTER UPDATE OF "paid_at", "account_id", "year", "total_cents", "quantity", "type_product", "type_personalization", "is_donated"
  ON "online_order_items" FOR EACH ROW
  WHEN (OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.account_id <> NEW.account_id OR OLD.year <> NEW.year
    OR OLD.total_cents <> NEW.total_cents OR OLD.quantity <> NEW.quantity OR OLD.type_product <> NEW.type_product
    OR OLD.type_personalization IS DISTINCT FROM NEW.type_personalization OR OLD.is_donated <> NEW.is_donated)
  EXECUTE FUNCTION "colophon_online_sales_weekly_item"();--> statement-breakpoint
CREATE TRIGGER "online_orders_sales_weekly" AFTER INSERT OR DELETE ON "online_orders"
  FOR EACH ROW EXECUTE FUNCTION "colophon_online_sales_weekly_order"();--> statement-breakpoint
CREATE TRIGGER "online_orders_sales_weekly_update"
  AFTER UPDATE OF "paid_at", "account_id", "year", "total_cents", "refunded_cents" ON "online_orders" FOR EACH ROW
  WHEN (OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.account_id <> NEW.account_id OR OLD.year <> NEW.year
    OR OLD.total_cents <> NEW.total_cents OR OLD.refunded_cents <> NEW.refunded_cents)
  EXECUTE FUNCTION "colophon_online_sales_weekly_order"();--> statement-breakpoint
CREATE TRIGGER "online_order_items_sales_weekly_truncate" AFTER TRUNCATE ON "online_order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "colophon_online_sales_weekly_truncated"();--> statement-breakpoint
CREATE TRIGGER "online_orders_sales_weekly_truncate" AFTER TRUNCATE ON "online_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "colophon_online_sales_weekly_truncated"();--> statement-breakpoint
SELECT colophon_online_sales_weekly_refill();
