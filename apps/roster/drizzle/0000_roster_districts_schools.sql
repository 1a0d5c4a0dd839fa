-- The roster service's first tables: sessions, districts, schools, configurations, settings.
create table roster.sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null,
  dashboard_session_id uuid not null references public.sessions(id) on delete cascade,
  user_id integer not null,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create unique index roster_sessions_token_hash_key on roster.sessions (token_hash);
--> statement-breakpoint
create index roster_sessions_dashboard_session_idx on roster.sessions (dashboard_session_id);
--> statement-breakpoint
create table roster.districts (
  id serial primary key,
  name varchar(200) not null,
  studio_account_id integer not null references public.accounts(id),
  sourced_id varchar(255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
--> statement-breakpoint
create index roster_districts_studio_name_idx on roster.districts (studio_account_id, name, id);
--> statement-breakpoint
create index roster_districts_name_idx on roster.districts (name, id);
--> statement-breakpoint
create index roster_districts_created_idx on roster.districts (created_at, id);
--> statement-breakpoint
create unique index roster_districts_studio_sourced_key on roster.districts (studio_account_id, sourced_id);
--> statement-breakpoint
create table roster.schools (
  id serial primary key,
  account_id integer not null references public.accounts(id),
  sourced_id varchar(255) not null,
  name varchar(200) not null,
  district_id integer references roster.districts(id) on delete set null,
  last_sync_at timestamptz,
  sync_status varchar(16) not null default 'never',
  sync_error text,
  sync_counts jsonb not null default '{"added":0,"changed":0,"removed":0,"skipped":0}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
--> statement-breakpoint
create unique index roster_schools_account_key on roster.schools (account_id);
--> statement-breakpoint
create index roster_schools_district_idx on roster.schools (district_id);
--> statement-breakpoint
create index roster_schools_sourced_idx on roster.schools (sourced_id);
--> statement-breakpoint
create index roster_schools_name_idx on roster.schools (name, id);
--> statement-breakpoint
create table roster.configurations (
  id serial primary key,
  school_id integer references roster.schools(id) on delete cascade,
  district_id integer references roster.districts(id) on delete cascade,
  base_url text not null,
  version varchar(8) not null,
  auth_kind varchar(8) not null,
  client_id text not null,
  client_secret_sealed text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint roster_configurations_one_owner check ((school_id is null) <> (district_id is null))
);
--> statement-breakpoint
create unique index roster_configurations_school_key on roster.configurations (school_id);
--> statement-breakpoint
create unique index roster_configurations_district_key on roster.configurations (district_id);
--> statement-breakpoint
create table roster.settings (
  id serial primary key,
  school_id integer references roster.schools(id) on delete cascade,
  district_id integer references roster.districts(id) on delete cascade,
  sync_schedule varchar(16) not null default 'off',
  grades jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint roster_settings_one_owner check ((school_id is null) <> (district_id is null))
);
--> statement-breakpoint
create unique index roster_settings_school_key on roster.settings (school_id);
--> statement-breakpoint
create unique index roster_settings_district_key on roster.settings (district_id);
