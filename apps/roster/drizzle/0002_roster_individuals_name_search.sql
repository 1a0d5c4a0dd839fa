-- The name search also matches the preferred name and "given family" from their start: with these,
-- each of its four branches has a prefix index within the school, so the planner can OR them.
create index roster_individuals_preferred_prefix_idx on roster.individuals (school_id, lower(preferred_name) text_pattern_ops);
--> statement-breakpoint
create index roster_individuals_full_name_prefix_idx on roster.individuals (school_id, lower(given_name || ' ' || family_name) text_pattern_ops);
