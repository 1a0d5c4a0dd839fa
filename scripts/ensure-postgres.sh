#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 (for the API integration tests on PostgreSQL
# and the benchmark), and prints its URL as the last line on stdout; everything else goes to stderr:
#
#   export TEST_DATABASE_URL="$(bash scripts/ensure-postgres.sh | tail -n 1)"
#
# Idempotent: a server that already answers is left alone. Otherwise starts the local Debian cluster,
# installing the `postgresql` package first when it is missing (then local trust auth is set up for
# 127.0.0.1, the way this project's machines are configured).
set -euo pipefail

HOST=127.0.0.1
PORT=5432
URL="postgres://postgres@${HOST}:${PORT}/postgres"
WAIT_SECONDS=60

say() { echo "ensure-postgres: $*" >&2; }
fail() {
  echo "ensure-postgres: ERROR: $*" >&2
  exit 1
}

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
else
  SUDO=(sudo -n)
fi
as_root() {
  if [ "${#SUDO[@]}" -gt 0 ] && ! command -v sudo >/dev/null 2>&1; then
    fail "not running as root and sudo is not installed: cannot run '$*'"
  fi
  "${SUDO[@]}" "$@"
}

answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h "$HOST" -p "$PORT" -t 2
  else
    # No client tools: a TCP connect is the best we can do.
    (exec 3<>"/dev/tcp/${HOST}/${PORT}") 2>/dev/null
  fi
}

installed_version() {
  # The newest cluster version configured on this machine (Debian keeps one folder per version).
  if [ -d /etc/postgresql ] && command -v pg_ctlcluster >/dev/null 2>&1; then
    ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1
  fi
}

can_connect() {
  # Without psql we cannot check the sign-in; the tests will say it if it fails.
  ! command -v psql >/dev/null 2>&1 || psql -w "$URL" -qtAc 'select 1' >/dev/null 2>&1
}

if answers; then
  can_connect || fail "a server answers on ${HOST}:${PORT}, but user postgres cannot connect without a password (check pg_hba.conf)."
  say "a server already answers on ${HOST}:${PORT}; nothing to start."
  echo "$URL"
  exit 0
fi

installed_here=false
version="$(installed_version)"
if [ -z "$version" ]; then
  say "PostgreSQL is not installed: installing Debian's postgresql package."
  command -v apt-get >/dev/null 2>&1 || fail "apt-get is not available; install PostgreSQL yourself."
  export DEBIAN_FRONTEND=noninteractive
  # Refresh the package lists only when apt does not know the package yet.
  if ! apt-cache policy postgresql 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    as_root apt-get update >&2 || fail "apt-get update failed."
  fi
  if ! as_root apt-get install -y postgresql >&2; then
    say "the install failed; refreshing the package lists and trying once more."
    as_root apt-get update >&2 || fail "apt-get update failed."
    as_root apt-get install -y postgresql >&2 || fail "apt-get install -y postgresql failed."
  fi
  version="$(installed_version)"
  [ -n "$version" ] || fail "the postgresql package installed, but no cluster is configured under /etc/postgresql."
  installed_here=true
fi

say "starting the local PostgreSQL ${version} cluster 'main'."
# Exit status 2 means the cluster is already running (maybe on another port); the wait below decides.
as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || say "pg_ctlcluster returned $? (checking whether it answers anyway)."

for _ in $(seq 1 "$WAIT_SECONDS"); do
  if answers; then break; fi
  sleep 1
done
answers || fail "PostgreSQL did not answer on ${HOST}:${PORT} within ${WAIT_SECONDS} s (see /var/log/postgresql/)."

if ! can_connect; then
  if [ "$installed_here" = true ]; then
    # A fresh Debian install asks for a password on TCP: trust the local loopback, as on our machines.
    hba="/etc/postgresql/${version}/main/pg_hba.conf"
    say "allowing password-less local connections for user postgres in ${hba}."
    as_root sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload >&2
    sleep 1
  fi
  can_connect ||
    fail "PostgreSQL answers on ${HOST}:${PORT}, but user postgres cannot connect without a password (check pg_hba.conf)."
fi

say "PostgreSQL ${version} is ready."
echo "$URL"
