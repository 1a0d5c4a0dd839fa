-- A school's people (students, teachers, staff) and the relations between two of them.
create table roster.individuals (
  id serial primary key,
  school_id integer not null references roster.schools(id) on delete cascade,
  sourced_id varchar(255),
  given_name varchar(100) not null,
  family_name varchar(100) not null,
  middle_name varchar(100),
  preferred_name varchar(100),
  grade varchar(8),
  homeroom varchar(100),
  role varchar(16) not null,
  email varchar(254),
  photo_key text,
  status varchar(16) not null default 'active',
  removed_at timestamptz,
  source varchar(16) not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint roster_individuals_grade check (grade in ('PK','KG','01','02','03','04','05','06','07','08','09','10','11','12','13','Other')),
  constraint roster_individuals_role check (role in ('student','teacher','staff')),
  constraint roster_individuals_status check (status in ('active','removed')),
  constraint roster_individuals_source check (source in ('import','sync','manual')),
  constraint roster_individuals_removed_at check ((status = 'removed') = (removed_at is not null))
);
--> statement-breakpoint
-- One person per sourcedId in a school; hand-entered people have none (nulls are distinct).
create unique index roster_individuals_school_sourced_key on roster.individuals (school_id, sourced_id);
--> statement-breakpoint
-- The target of the relations' same-school foreign keys.
create unique index roster_individuals_school_id_key on roster.individuals (school_id, id);
--> statement-breakpoint
create index roster_individuals_school_family_idx on roster.individuals (school_id, family_name, given_name, id);
--> statement-breakpoint
create index roster_individuals_school_given_idx on roster.individuals (school_id, given_name, family_name, id);
--> statement-breakpoint
create index roster_individuals_school_grade_homeroom_idx on roster.individuals (school_id, grade, homeroom, id);
--> statement-breakpoint
create index roster_individuals_school_updated_idx on roster.individuals (school_id, updated_at, id);
--> statement-breakpoint
create index roster_individuals_sourced_idx on roster.individuals (sourced_id);
--> statement-breakpoint
-- The name search is a case-blind prefix match (no trigrams): these serve `lower(x) like 'abc%'`.
create index roster_individuals_family_prefix_idx on roster.individuals (school_id, lower(family_name) text_pattern_ops);
--> statement-breakpoint
create index roster_individuals_given_prefix_idx on roster.individuals (school_id, lower(given_name) text_pattern_ops);
--> statement-breakpoint
create table roster.relations (
  id serial primary key,
  school_id integer not null,
  individual_id integer not null,
  related_individual_id integer not null,
  kind varchar(16) not null,
  created_at timestamptz not null default now(),
  -- Both people belong to the relation's school: a relation never crosses schools.
  constraint roster_relations_individual_fkey foreign key (school_id, individual_id)
    references roster.individuals (school_id, id) on delete cascade,
  constraint roster_relations_related_fkey foreign key (school_id, related_individual_id)
    references roster.individuals (school_id, id) on delete cascade,
  constraint roster_relations_kind check (kind in ('guardian','sibling','teacherOf')),
  constraint roster_relations_not_self check (individual_id <> related_individual_id)
);
--> statement-breakpoint
create unique index roster_relations_triple_key on roster.relations (individual_id, related_individual_id, kind);
--> statement-breakpoint
create index roster_relations_related_idx on roster.relations (related_individual_id);
