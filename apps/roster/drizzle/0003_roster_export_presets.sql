-- Export presets (issue 16, "Getting rosters out"): which people, which columns, which file layout,
-- kept per school or per district.
create table roster.export_presets (
  id serial primary key,
  name varchar(200) not null,
  school_id integer references roster.schools(id) on delete cascade,
  district_id integer references roster.districts(id) on delete cascade,
  roles jsonb not null,
  grades jsonb not null default '[]'::jsonb,
  columns jsonb not null,
  layout varchar(16) not null,
  file_name_template varchar(200) not null,
  sort_order varchar(32) not null default 'familyName',
  header_row boolean not null default true,
  created_by integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint roster_export_presets_one_owner check ((school_id is null) <> (district_id is null)),
  -- The domain's codes (rosterExportLayout, rosterExportSort); lists are never empty where a preset needs one.
  constraint roster_export_presets_layout_check check (layout in ('csv', 'csv-with-images')),
  constraint roster_export_presets_sort_check check (sort_order in ('familyName', 'grade-homeroom-familyName')),
  constraint roster_export_presets_roles_check check (jsonb_typeof(roles) = 'array' and jsonb_array_length(roles) > 0),
  constraint roster_export_presets_columns_check check (jsonb_typeof(columns) = 'array' and jsonb_array_length(columns) > 0),
  constraint roster_export_presets_grades_check check (jsonb_typeof(grades) = 'array')
);
--> statement-breakpoint
create unique index roster_export_presets_school_name_key on roster.export_presets (school_id, lower(name)) where school_id is not null;
--> statement-breakpoint
create unique index roster_export_presets_district_name_key on roster.export_presets (district_id, lower(name)) where district_id is not null;
--> statement-breakpoint
create index roster_export_presets_name_idx on roster.export_presets (name, id);
--> statement-breakpoint
create index roster_export_presets_updated_idx on roster.export_presets (updated_at, id);
