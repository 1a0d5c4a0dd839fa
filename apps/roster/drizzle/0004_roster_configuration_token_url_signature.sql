-- What OneRoster vendors differ on (issue 16): the OAuth 2 token endpoint (null: `<origin>/token`, as
-- before) and the OAuth 1.0a signature method (the domain's rosterSignatureMethod). Each belongs to
-- one kind of authentication only; existing OAuth 1 configurations keep signing with HMAC-SHA256.
alter table roster.configurations add column token_url text;
--> statement-breakpoint
alter table roster.configurations add column signature_method varchar(16);
--> statement-breakpoint
update roster.configurations set signature_method = 'HMAC-SHA256' where auth_kind = 'oauth1';
--> statement-breakpoint
alter table roster.configurations add constraint roster_configurations_token_url_oauth2
  check (token_url is null or auth_kind = 'oauth2');
--> statement-breakpoint
alter table roster.configurations add constraint roster_configurations_signature_method_oauth1
  check ((auth_kind = 'oauth1') = (signature_method is not null));
--> statement-breakpoint
alter table roster.configurations add constraint roster_configurations_signature_method_check
  check (signature_method in ('HMAC-SHA256', 'HMAC-SHA1'));
